import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

/// Loading in the background: the run loop is woken by the load (never polls), the same
/// browser grows from the first items into the whole document, and keys keep working.
@Suite(.serialized) struct LoadingPilotTests {
  @Test func theBrowserGrowsFromThePreviewIntoTheWholeDocumentKeepingTheFocus() throws {
    let path = try LargeFile.make(records: 60_000)
    let run = LoadingRun(path: path)
    run.runUntilLoaded()
    #expect(run.browser.load == nil)
    #expect(!run.browser.store.isLoading)
    #expect(run.terminal.lines.last?.contains("item 1/60000") == true, "\(run.terminal.lines.last ?? "")")
    #expect(run.browser.store.document.childCount(of: run.browser.store.document.root) == 60_000)
    #expect(run.wakes > 0)
  }

  /// The preview the load hands over while it reads on is measured on a sample: its
  /// cards are drawn at the size the whole array's share, not measured one by one.
  @Test func aLargeFilesPreviewIsNotMeasuredCardByCard() throws {
    let path = try LargeFile.make(records: 150_000)
    let run = LoadingRun(path: path)
    var largestPreview = 0
    run.runUntil {
      if run.browser.store.isLoading, run.browser.store.hasContent {
        largestPreview = max(largestPreview, DocumentLoad.childCount(of: run.browser.store.document))
      }
      return run.browser.load == nil
    }
    let grid = try #require(run.browser.presentation as? GridPresentation)
    #expect(!run.browser.store.isLoading)
    #expect(largestPreview <= DocumentLoad.previewChildren)
    // Only the head's cards (a screenful's bytes, fewer than the limit) and a sample.
    #expect(
      grid.measuredCardCount < GridPresentation.individuallySizedLimit,
      "\(grid.measuredCardCount) cards measured, the largest preview \(largestPreview)")
    #expect(run.terminal.lines.last?.contains("item 1/150000") == true, "\(run.terminal.lines.last ?? "")")
  }

  @Test func keysWorkOnThePreviewWhileTheRestLoadsAndEditingWaits() throws {
    let path = try LargeFile.make(records: 150_000)
    let run = LoadingRun(path: path)
    run.start()
    // The first screenful shows while the load goes on.
    run.runUntil { run.browser.store.hasContent }
    run.terminal.enqueue(.key(KeyEvent(.character("l"))), .key(KeyEvent(.character("d"))))
    _ = run.runLoop.run()
    // With two threads the load can end before the keys are read: then the first `d` deletes.
    let refusedWhileLoading = run.browser.message?.contains("still loading") == true
    if run.browser.load != nil {
      #expect(refusedWhileLoading)
      #expect(run.terminal.lines.last?.contains("loading") == true)
    }
    run.runUntilLoaded()
    #expect(run.browser.reading.focusedPath() == ".[1]", "the focus stays on the same value")
    run.terminal.enqueue(.key(KeyEvent(.character("d"))))
    _ = run.runLoop.run()
    #expect(
      run.browser.store.document.childCount(of: run.browser.store.document.root)
        == (refusedWhileLoading ? 149_999 : 149_998))
  }

  /// JSON Lines of 100 KB to 2 MB (issue 35.16): whatever the timing (the load delayed
  /// past the first screen, or not), the first screen shows the records, never the first
  /// record's members, and the focus is on the first record.
  @Test(arguments: [100_000, 300_000, 1_000_000, 2_000_000])
  func jsonLinesAlwaysOpenOnTheRecords(byteCount: Int) throws {
    let (path, records) = try Self.jsonLines(byteCount: byteCount)
    defer { unlink(path) }
    for delay in 0..<SanitizerBuild.samples(20, address: 6, thread: 3) {
      let run = LoadingRun(path: path, startDelayMilliseconds: delay % 5 == 0 ? 0 : delay)
      run.runUntil { run.browser.store.hasContent }
      let first = run.terminal.lines.last ?? ""
      #expect(run.browser.store.document.isJSONLines, "delay \(delay): \(first)")
      #expect(
        run.browser.reading.focusedPath() == ".[0]",
        "delay \(delay): the first screen is on \(run.browser.reading.focusedPath())")
      run.runUntilLoaded()
      #expect(
        run.browser.reading.focusedPath() == ".[0]", "delay \(delay): loaded, on \(run.browser.reading.focusedPath())")
      #expect(
        run.terminal.lines.last?.contains("item 1/\(records)") == true,
        "delay \(delay): \(run.terminal.lines.last ?? "")")
    }
  }

  /// A JSON Lines file of about `byteCount` bytes, as gapminder's rows; returns its path and
  /// how many records it has.
  static func jsonLines(byteCount: Int) throws -> (String, Int) {
    let path = NSTemporaryDirectory() + "tgrid-lines-\(getpid())-\(byteCount).jsonl"
    var text = ""
    var count = 0
    while text.utf8.count < byteCount {
      text +=
        #"{"country": "Country \#(count / 12)", "continent": "Asia", "year": "\#(1952 + 5 * (count % 12))", "#
        + #""lifeExp": "\#(28 + count % 50).801", "pop": "\#(8_425_333 + count * 977)", "gdpPercap": "779.4453145", "#
        + #""iso_alpha": "AFG", "iso_num": "\#(count)"}"# + "\n"
      count += 1
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return (path, count)
  }

  @Test func aFailingLoadEndsTheRunLoopWithItsMessage() throws {
    let path = NSTemporaryDirectory() + "tgrid-bad-\(getpid()).json"
    try (String(repeating: "[1,", count: 200_000) + "}").write(toFile: path, atomically: false, encoding: .utf8)
    defer { unlink(path) }
    let run = LoadingRun(path: path)
    let exit = run.runUntilLoaded()
    #expect(exit == .quit)
    #expect(
      run.browser.loadFailure?.message.contains("line 1, column 600001") == true,
      "\(String(describing: run.browser.loadFailure))")
  }

  @Test func aFileWhoseIndexWouldNotFitInMemoryIsRefusedEarlyWithAMessage() throws {
    let path = try LargeFile.make(records: 120_000)
    // As if the machine could spare 2 MB for the index: the projection from the first tenth
    // of the file stops the load long before it would have used that up.
    let load = DocumentLoad(
      path: path, name: "big.json", options: JSONParseOptions(), maximumIndexByteCount: 2 << 20, indexDirectory: nil)
    load.start()
    // Until it ends, however slow the machine (a sanitizer on a busy one takes over 10 s).
    while load.phase.isRunning { _ = load.waitForFirstScreen(children: Int.max, milliseconds: 10_000) }
    guard case .failed(let failure) = load.phase else {
      Issue.record("the load was not refused: \(load.phase)")
      return
    }
    #expect(failure.exitCode == 2)
    #expect(failure.message.contains("too large to browse in this machine's memory"), "\(failure.message)")
    #expect(failure.message.contains("can be spared"))
    #expect(failure.message.contains("% of it"), "says how far it got: \(failure.message)")
    #expect(failure.message.contains("no folder on a disk was found to keep it in (TGRID_INDEX_DIR chooses one)"))
    // With room to spare the same file loads.
    let roomy = DocumentLoad(path: path, name: "big.json", options: JSONParseOptions(), maximumIndexByteCount: 1 << 30)
    roomy.start()
    while roomy.phase.isRunning { _ = roomy.waitForFirstScreen(children: Int.max, milliseconds: 10_000) }
    if case .finished = roomy.phase {} else { Issue.record("\(roomy.phase)") }
    #expect(DocumentLoad.availableMemoryBudget() > 0)
    #expect(DocumentLoad.gigabytes(12_345_678_901) == "12.3 GB")
  }

  @Test func aFileWhoseIndexWouldNotFitInMemoryKeepsItOnDisk() throws {
    guard let directory = JSONProgressiveParser.defaultIndexDirectory() else {
      print("aFileWhoseIndexWouldNotFitInMemoryKeepsItOnDisk: no folder on a disk for the index; skipped")
      return
    }
    let path = try LargeFile.make(records: 45_000)
    defer { unlink(path) }
    // As if the machine could spare 256 KB (the file is 4.6 MB, two slices of the load; each test has its own): the index goes to disk and the load goes on.
    let load = DocumentLoad(
      path: path, name: "big.json", options: JSONParseOptions(), maximumIndexByteCount: 1 << 18,
      indexDirectory: directory)
    load.start()
    while load.phase.isRunning { _ = load.waitForFirstScreen(children: Int.max, milliseconds: 10_000) }
    guard case .finished = load.phase else {
      Issue.record("the load did not finish: \(load.phase)")
      return
    }
    #expect(load.isIndexOnDisk)
    let document = try #require(load.takeDocument())
    let whole = try DocumentLoader.load(path: path)
    #expect(document.isValue(document.root, equalTo: whole.document.root, in: whole.document))
    // The same through the loader `dump` uses, and a disk with no room refuses.
    let sliced = try DocumentLoader.load(
      path: path, maximumIndexByteCount: 1 << 18, indexDirectory: directory, slicedAbove: 1 << 20)
    #expect(sliced.document.isValue(sliced.document.root, equalTo: whole.document.root, in: whole.document))
    do {
      _ = try DocumentLoader.load(
        path: path, maximumIndexByteCount: 1 << 18, indexDirectory: "/dev/shm", slicedAbove: 1 << 20)
      Issue.record("an index with no disk to go to was not refused")
    } catch {
      // A folder in memory (or full): the message names it and how to choose another.
      #expect(error.message.contains("/dev/shm") && error.message.contains("TGRID_INDEX_DIR"), "\(error.message)")
    }
  }

  @Test func theAppSaysWhenTheIndexIsKeptOnDisk() throws {
    guard let directory = JSONProgressiveParser.defaultIndexDirectory() else { return }
    let path = try LargeFile.make(records: 45_001)
    defer { unlink(path) }
    let run = LoadingRun(path: path, maximumIndexByteCount: 1 << 18, indexDirectory: directory)
    _ = run.runUntilLoaded()
    let status = run.terminal.lines.last ?? ""
    #expect(status.contains("larger than memory: its index is kept on disk"), "\(status)")
  }

  @Test func dumpRefusesAFileWhoseIndexWouldNotFitTooAndLoadsItWithRoom() throws {
    let path = try LargeFile.make(records: 45_002)
    defer { unlink(path) }
    do {
      _ = try DocumentLoader.load(path: path, maximumIndexByteCount: 1 << 18, indexDirectory: nil, slicedAbove: 1 << 20)
      Issue.record("the load was not refused")
    } catch {
      #expect(error.exitCode == 2)
      #expect(error.message.contains("too large to browse in this machine's memory"), "\(error.message)")
    }
    let sliced = try DocumentLoader.load(path: path, maximumIndexByteCount: 1 << 30, slicedAbove: 1 << 20)
    let whole = try DocumentLoader.load(path: path)
    #expect(sliced.document.isValue(sliced.document.root, equalTo: whole.document.root, in: whole.document))
    #expect(sliced.name == whole.name)
  }

  @Test func qBeforeAnythingShowsCancelsTheLoad() throws {
    let path = try LargeFile.make(records: 200_000)
    let run = LoadingRun(path: path, waitForPreview: false)
    run.terminal.enqueue(.key(KeyEvent(.character("q"))))
    let exit = run.runLoop.run()
    #expect(exit == .quit)
    if case .cancelled = run.load.phase {
    } else if case .finished = run.load.phase {
    } else {
      Issue.record("the load still runs: \(run.load.phase)")
    }
  }

  @Test func theProgressScreenSaysHowFarAndHowFastInTheTheme() throws {
    let store = DocumentStore.waitingForLoad(name: "big.json", path: nil)
    let browser = BrowserController(store: store, size: CellSize(columns: 60, rows: 10), animates: false)
    let load = DocumentLoad(path: "/nonexistent-\(getpid())", name: "big.json", options: JSONParseOptions())
    browser.load = load
    browser.applyColorCount(0)
    var canvas = Canvas(size: CellSize(columns: 60, rows: 10))
    browser.draw(into: &canvas)
    #expect(canvas.lines.contains { $0.contains("Reading big.json") })
    #expect(canvas.lines.contains { $0.contains("q cancels") })
    #expect(canvas.cells.allSatisfy { $0.style.foreground == .default }, "no colour with no colours")
  }
}

/// A browser on a file that loads in the background, through the real run loop on a
/// headless terminal that waits (in real time) for the load's wakes.
final class LoadingRun {
  let terminal = HeadlessTerminal(size: CellSize(columns: 100, rows: 20))
  let load: DocumentLoad
  let browser: BrowserController
  let runLoop: TerminalRunLoop
  private(set) var wakes = 0

  init(
    path: String, waitForPreview: Bool = true, maximumIndexByteCount: Int = DocumentLoad.availableMemoryBudget(),
    indexDirectory: String? = nil, startDelayMilliseconds: Int = 0, presentation: PresentationKind = .grid
  ) {
    // As the app loads: a large file's head is drawn before the rest is read.
    load = DocumentLoad(
      path: path, name: "big.json", options: JSONParseOptions(), yieldsToFirstScreen: true,
      maximumIndexByteCount: maximumIndexByteCount, indexDirectory: indexDirectory,
      startDelayMilliseconds: startDelayMilliseconds)
    browser = BrowserController(
      store: DocumentStore.waitingForLoad(name: "big.json", path: path), size: CellSize(columns: 100, rows: 20),
      presentation: presentation, animates: false)
    browser.load = load
    browser.terminal = terminal
    runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)
    terminal.wakeWaitMilliseconds = 50
    if waitForPreview { start() }
  }

  private var started = false

  func start() {
    guard !started else { return }
    started = true
    load.start()
  }

  /// Runs the loop until the load is over (or the loop quits).
  @discardableResult
  func runUntilLoaded() -> RunLoopExit {
    start()
    var exit = RunLoopExit.inputEnded
    for _ in 0..<2_000 where browser.load != nil {
      exit = runLoop.run()
      wakes += 1
      if exit == .quit { break }
    }
    return exit
  }

  func runUntil(_ condition: () -> Bool) {
    start()
    for _ in 0..<2_000 where !condition() { _ = runLoop.run() }
  }
}
