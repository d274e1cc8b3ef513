import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// The navigation model as a property (issue 28): random sequences of go-to, view switches,
  /// filters, deletions, undo and jumps on generated documents; after each step the focused
  /// value is the one a small model of the rules predicts — by id, never by position.
  @Suite struct FocusPropertyTests {
    /// Records in groups, each with a nested object and a list (values a go-to can reach
    /// inside a record).
    static func document(records: Int, random: inout SeededRandom) -> String {
      "["
        + (0..<records).map { index in
          let group = random.next(below: 3)
          return #"{"name": "r\#(index)", "g": \#(group), "inner": {"x": \#(index), "y": [\#(index), \#(index + 1)]}}"#
        }.joined(separator: ", ") + "]"
    }

    /// What the model knows: where the focus must be, and the jump list as vim keeps it.
    struct Model {
      var focus: NodeID
      var back: [Navigation.Place] = []
      var forward: [Navigation.Place] = []

      mutating func jump(from place: Navigation.Place, to id: NodeID) {
        if place.id != id {
          forward = []
          back.removeAll { $0 == place }
          back.append(place)
        }
        focus = id
      }
    }

    @Test(arguments: Array(0..<SanitizerBuild.samples(12, address: 6, thread: 2)))
    func theFocusIsAlwaysWhereTheModelSays(_ seed: Int) throws {
      var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
      let json = Self.document(records: 12 + random.next(below: 20), random: &random)
      let pilot = try Pilot(json: json, size: CellSize(columns: 120, rows: 30))
      let browser = pilot.browser
      let store = browser.store
      func id(_ node: JSONNode) -> NodeID { store.id(node) }
      func path(_ id: NodeID) -> String {
        store.node(id).map { PathFormat.jq.text(of: store.document.path(of: $0)) } ?? "(gone)"
      }
      var model = Model(focus: try #require(browser.focusedNodeID))
      let viewKinds: [PresentationKind] = [.grid, .tree, .schematic]
      var filterGroup: Int?
      var log: [String] = []

      for step in 0..<40 {
        let document = store.document
        let records = Array(store.shownChildren(of: document.root))
        let place = Navigation.Place(id: model.focus, kind: browser.presentation.kind)
        switch random.next(below: 8) {
        case 0, 1:
          // Go to a random value: a record, or a value inside one.
          let record = records[random.next(below: records.count)]
          var target = record
          if random.next(below: 2) == 0, let inner = document.child(forKey: "inner", of: record) {
            target = random.next(below: 2) == 0 ? inner : (document.child(forKey: "y", of: inner) ?? inner)
          }
          let targetPath = PathFormat.jq.text(of: document.path(of: target))
          log.append(":\(targetPath)")
          pilot.press(":")
          pilot.type(targetPath)
          pilot.press("Enter")
          model.jump(from: place, to: id(target))
        case 2:
          let kind = viewKinds[random.next(below: viewKinds.count)]
          log.append("view \(kind)")
          pilot.press(String(kind.digitKey))
          if kind != place.kind {
            model.back.removeAll { $0 == place }
            model.back.append(place)
            model.forward = []
          }
        case 3:
          // Filter the records by group: the focused record stays when kept, else the
          // nearest kept one (the next, else the one before).
          let focusIsARecord = store.node(model.focus).flatMap(document.parent(of:)) == document.root
          guard filterGroup == nil else {
            log.append("F")
            pilot.press("F")
            filterGroup = nil
            break
          }
          guard focusIsARecord else { break }
          let group = random.next(below: 3)
          log.append("f .g == \(group)")
          let focusedRecord = store.ancestry(of: model.focus).reversed().dropFirst().first ?? model.focus
          let kept = records.filter {
            document.child(forKey: "g", of: $0).flatMap(document.numberText(of:)) == "\(group)"
          }
          guard !kept.isEmpty else { break }
          pilot.press("f")
          pilot.type(".g == \(group)")
          pilot.press("Enter")
          filterGroup = group
          if !kept.contains(where: { id($0) == focusedRecord }) {
            let position = records.firstIndex { id($0) == focusedRecord } ?? 0
            let after = records[position...].first { candidate in kept.contains(candidate) }
            let before = records[..<position].last { candidate in kept.contains(candidate) }
            model.focus = id(after ?? before ?? kept[0])
          }
        case 4:
          // Delete the focused record (a value inside one is not deleted here), then undo.
          guard filterGroup == nil, store.node(model.focus).flatMap(document.parent(of:)) == document.root,
            records.count > 2, records.last.map(id) != model.focus
          else { break }
          let deletedPath = path(model.focus)
          log.append("d u at \(deletedPath)")
          pilot.press("d")
          #expect(
            path(try #require(browser.focusedNodeID)) == deletedPath,
            "step \(step): the next record takes its place\n\(log)")
          pilot.press("u")
          #expect(
            path(try #require(browser.focusedNodeID)) == deletedPath, "step \(step): undo puts the focus back\n\(log)")
          model.focus = try #require(browser.focusedNodeID)
        // The value came back as itself: the jump list's places follow it by id.
        case 5:
          log.append("Ctrl-O")
          pilot.press("Ctrl-O")
          while let target = model.back.popLast() {
            guard store.node(target.id) != nil, !store.isHiddenByFilter(target.id), target != place else { continue }
            model.forward.append(place)
            model.focus = target.id
            break
          }
        case 6:
          log.append("Ctrl-T")
          pilot.press("Ctrl-T")
          while let target = model.forward.popLast() {
            guard store.node(target.id) != nil, !store.isHiddenByFilter(target.id), target != place else { continue }
            model.back.append(place)
            model.focus = target.id
            break
          }
        default:
          log.append("G")
          pilot.press("G")
          let last = try #require(browser.focusedNodeID)
          model.jump(from: place, to: last)
        }
        if let last = log.popLast() {
          log.append(
            last + " → " + (browser.focusedNodeID.map(path) ?? "nothing") + " in the \(browser.presentation.kind)")
        }
        let focused = try #require(browser.focusedNodeID, "step \(step): something is focused")
        #expect(
          focused == model.focus,
          "step \(step) in the \(browser.presentation.kind): focused \(path(focused)), the model says \(path(model.focus))\n\(log.joined(separator: "\n"))\n\(pilot.screen)"
        )
        if focused != model.focus { return }
      }
    }
  }
}
