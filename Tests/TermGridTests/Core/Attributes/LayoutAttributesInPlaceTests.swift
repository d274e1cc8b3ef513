import Dispatch
import TermGrid
import TermGridCore
import Testing

@Suite struct LayoutAttributesInPlaceTests {
  @Test func noStoredFieldIsLeftOutOfTheFieldByFieldInitializer() {
    // `initializeCell` writes each stored field by its offset; a field added to the type
    // and not to it would be left as uninitialized memory.
    let fields = Mirror(reflecting: LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))).children.map {
      $0.label ?? "?"
    }
    #expect(fields == LayoutAttributes.storedFieldNames)
  }

  @Test func aCellMadeFieldByFieldIsTheOneTheInitializerMakes() {
    let infos: [LayoutInfo?] = [
      nil, LayoutInfo(7), LayoutInfo("a label"), LayoutInfo(Rect(x: 1, y: 2, width: 3, height: 4)),
    ]
    let storage = UnsafeMutablePointer<LayoutAttributes>.allocate(capacity: infos.count)
    defer { storage.deallocate() }
    for (index, info) in infos.enumerated() {
      let path = IndexPath(item: index * 3, section: index)
      let frame = Rect(x: Double(index), y: -2.5, width: 4, height: 0.5)
      (storage + index).initializeCell(at: path, frame: frame, info: info)
      let made = LayoutAttributes(forCellWith: path, frame: frame, info: info)
      let inPlace = storage[index]
      #expect(inPlace == made)
      #expect(inPlace.category == .cell && inPlace.representedElementKind == nil)
      #expect(inPlace.zIndex == 0 && inPlace.alpha == 1 && !inPlace.isHidden)
      #expect(inPlace.indexPath == path && inPlace.frame == frame && inPlace.info == info)
    }
    storage.deinitialize(count: infos.count)
  }

  @Test func answersMadeInPlaceOnManyThreadsShareTheirInfosSafely() {
    // As a chart's query does: one box per point, made once, put into answers built in
    // uninitialized storage; here on eight threads at once, each freeing its answers.
    let boxes = (0..<64).map { LayoutInfo($0) }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for round in 0..<200 {
        let answer = [LayoutAttributes](unsafeUninitializedCapacity: boxes.count) { buffer, count in
          for index in boxes.indices {
            (buffer.baseAddress! + index).initializeCell(
              at: IndexPath(item: index, section: thread), frame: Rect(x: Double(round), y: 0, width: 1, height: 1),
              info: boxes[index])
          }
          count = boxes.count
        }
        precondition(answer.count == boxes.count && answer[63].info(as: Int.self) == 63)
      }
    }
    #expect(boxes.enumerated().allSatisfy { $0.element.value(as: Int.self) == $0.offset })
  }
}
