import TermGrid
import Testing

@Suite struct SectionSnapshotTests {
  /// Documents ▸ (Letters, Taxes ▸ (2024.pdf, 2025.pdf)), Music ▸ (Bach), Notes.
  func files() -> SectionSnapshot<String> {
    var outline = SectionSnapshot<String>()
    outline.append(["Documents", "Music", "Notes"])
    outline.append(["Letters", "Taxes"], to: "Documents")
    outline.append(["2024.pdf", "2025.pdf"], to: "Taxes")
    outline.append(["Bach"], to: "Music")
    return outline
  }

  @Test func appendBuildsTheHierarchyParentsBeforeChildren() {
    let outline = files()
    #expect(outline.items == ["Documents", "Letters", "Taxes", "2024.pdf", "2025.pdf", "Music", "Bach", "Notes"])
    #expect(outline.rootItems == ["Documents", "Music", "Notes"])
    #expect(outline.children(of: "Taxes") == ["2024.pdf", "2025.pdf"])
    #expect(outline.parent(of: "2025.pdf") == "Taxes")
    #expect(outline.parent(of: "Documents") == nil)
    #expect(outline.level(of: "Notes") == 0)
    #expect(outline.level(of: "Letters") == 1)
    #expect(outline.level(of: "2024.pdf") == 2)
    #expect(outline.contains("Bach"))
    #expect(!outline.contains("Mozart"))
    #expect(outline.index(of: "Music") == 5)
    #expect(outline.index(of: "Mozart") == nil)
  }

  @Test func onlyItemsWhoseAncestorsAreAllExpandedAreVisibleInOrder() {
    var outline = files()
    #expect(outline.visibleItems == ["Documents", "Music", "Notes"])
    outline.expand(["Taxes"])
    // Taxes is expanded but its parent is not: nothing new shows.
    #expect(outline.visibleItems == ["Documents", "Music", "Notes"])
    #expect(outline.isExpanded("Taxes"))
    #expect(!outline.isVisible("2024.pdf"))
    outline.expand(["Documents", "Music"])
    #expect(
      outline.visibleItems == ["Documents", "Letters", "Taxes", "2024.pdf", "2025.pdf", "Music", "Bach", "Notes"])
    #expect(outline.isVisible("2024.pdf"))
  }

  @Test func collapsingAnAncestorHidesAllAndExpandingItRestoresEachChildsState() {
    var outline = files()
    outline.expand(["Documents", "Music"])
    // Taxes stays collapsed while its ancestor collapses and expands again.
    outline.collapse(["Documents"])
    #expect(outline.visibleItems == ["Documents", "Music", "Bach", "Notes"])
    #expect(!outline.isExpanded("Taxes"))
    outline.expand(["Documents"])
    #expect(outline.visibleItems == ["Documents", "Letters", "Taxes", "Music", "Bach", "Notes"])
    // An expanded grandchild comes back expanded.
    outline.expand(["Taxes"])
    outline.collapse(["Documents"])
    #expect(outline.visibleItems == ["Documents", "Music", "Bach", "Notes"])
    #expect(outline.isExpanded("Taxes"))
    outline.expand(["Documents"])
    #expect(outline.visibleItems.prefix(5) == ["Documents", "Letters", "Taxes", "2024.pdf", "2025.pdf"])
    // Collapsing an already collapsed item changes nothing.
    outline.collapse(["Letters"])
    #expect(outline.visibleItems.count == 8)
  }

  @Test func deepNestingKeepsLevelsParentsAndOrder() {
    var outline = SectionSnapshot<Int>()
    outline.append([0])
    for level in 1..<200 { outline.append([level], to: level - 1) }
    outline.append([1000], to: 0)
    #expect(outline.level(of: 199) == 199)
    #expect(outline.parent(of: 150) == 149)
    #expect(outline.items == Array(0..<200) + [1000])
    #expect(outline.visibleItems == [0])
    outline.expand(Array(0..<200))
    #expect(outline.visibleItems == Array(0..<200) + [1000])
    // A collapse half way hides the deeper levels and nothing else.
    outline.collapse([100])
    #expect(outline.visibleItems == Array(0...100) + [1000])
    outline.collapse([0])
    #expect(outline.visibleItems == [0])
    #expect(outline.isExpanded(150))
  }

  @Test func insertPutsSiblingsBeforeOrAfterAnItemAtItsLevel() {
    var outline = files()
    outline.insert(["Invoices"], before: "Taxes")
    outline.insert(["Zip"], after: "Taxes")
    outline.insert(["Apps"], before: "Documents")
    outline.insert(["Videos"], after: "Notes")
    #expect(outline.children(of: "Documents") == ["Letters", "Invoices", "Taxes", "Zip"])
    #expect(outline.rootItems == ["Apps", "Documents", "Music", "Notes", "Videos"])
    #expect(outline.parent(of: "Zip") == "Documents")
    #expect(outline.level(of: "Invoices") == 1)
  }

  @Test func deleteRemovesItemsWithTheirDescendantsAndTheirState() {
    var outline = files()
    outline.expand(["Documents", "Taxes"])
    outline.delete(["Taxes", "Bach"])
    #expect(outline.items == ["Documents", "Letters", "Music", "Notes"])
    #expect(!outline.contains("2024.pdf"))
    outline.append(["Taxes"], to: "Music")
    #expect(!outline.isExpanded("Taxes"), "a deleted item's state goes with it")
    outline.delete(["Documents"])
    #expect(outline.items == ["Music", "Taxes", "Notes"])
    outline.deleteAll()
    #expect(outline.items.isEmpty)
    #expect(outline == SectionSnapshot<String>())
  }

  @Test func aSnapshotOfAParentCarriesItsSubtreeAndStates() {
    var outline = files()
    outline.expand(["Documents", "Taxes"])
    let children = outline.snapshot(of: "Documents")
    #expect(children.rootItems == ["Letters", "Taxes"])
    #expect(children.items == ["Letters", "Taxes", "2024.pdf", "2025.pdf"])
    #expect(children.parent(of: "Taxes") == nil)
    #expect(children.isExpanded("Taxes"))
    #expect(children.level(of: "2024.pdf") == 1)
    let withParent = outline.snapshot(of: "Documents", includingParent: true)
    #expect(withParent.rootItems == ["Documents"])
    #expect(withParent.level(of: "2024.pdf") == 2)
    #expect(withParent.isExpanded("Documents"))
    #expect(withParent.visibleItems == ["Documents", "Letters", "Taxes", "2024.pdf", "2025.pdf"])
  }

  @Test func snapshotsAppendInsertAndReplaceChildrenWithTheirStates() {
    var outline = files()
    var photos = SectionSnapshot<String>()
    photos.append(["Photos"])
    photos.append(["Rome"], to: "Photos")
    photos.expand(["Photos"])
    outline.append(photos, to: "Music")
    #expect(outline.children(of: "Music") == ["Bach", "Photos"])
    #expect(outline.parent(of: "Rome") == "Photos")
    #expect(outline.isExpanded("Photos"))
    var loose = SectionSnapshot<String>()
    loose.append(["a", "b"])
    outline.insert(loose, before: "Notes")
    #expect(outline.rootItems == ["Documents", "Music", "a", "b", "Notes"])
    var fresh = SectionSnapshot<String>()
    fresh.append(["2026.pdf"])
    outline.replace(childrenOf: "Taxes", using: fresh)
    #expect(outline.children(of: "Taxes") == ["2026.pdf"])
    #expect(!outline.contains("2024.pdf"))
  }

  @Test func theVisualDescriptionShowsLevelsAndStates() {
    var outline = files()
    outline.expand(["Documents"])
    #expect(
      outline.visualDescription() == """
        + Documents
            Letters
          - Taxes
              2024.pdf
              2025.pdf
        - Music
            Bach
          Notes
        """)
  }
}
