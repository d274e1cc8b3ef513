import Foundation
import TGridJSON
import TGridSystem

/// The child process: one kind of measurement of one file.
enum JSONBenchmarkChild {
  static func run(kind: String, path: String) {
    let baseline = peakResidentKilobytes()
    switch kind {
    case "engine": engine(path: path, baseline: baseline, options: JSONParseOptions(allowsSecondThread: true))
    case "engine-serial": engine(path: path, baseline: baseline, options: JSONParseOptions(allowsSecondThread: false))
    case "foundation": foundation(path: path, baseline: baseline)
    default: print("unknown measurement \(kind)")
    }
  }

  /// Indexes the file several times (one document alive at a time), then measures the
  /// operations the app does on the last document.
  private static func engine(path: String, baseline: Double, options: JSONParseOptions) {
    let runs = fileSize(path) > 50_000_000 ? 5 : 9
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var readTimes: [Double] = []
    var indexCPU: [Double] = []
    var indexMainCPU: [Double] = []
    var document: JSONDocument?
    for _ in 0..<runs {
      document = nil
      let start = ContinuousClock.now
      let cpuStart = cpuSeconds()
      do {
        let bytes = try JSONBytes.contentsOfFile(path)
        readTimes.append(seconds(since: start))
        let (processBefore, threadBefore) = (cpuSeconds(), ResourceUsage.threadCPUSeconds())
        document = try JSONDocument(bytes: bytes, options: options)
        indexCPU.append(cpuSeconds() - processBefore)
        indexMainCPU.append(ResourceUsage.threadCPUSeconds() - threadBefore)
      } catch {
        print("error: \(error)")
        ProcessIdentity.exit(1)
      }
      times.append(seconds(since: start))
      cpuTimes.append(cpuSeconds() - cpuStart)
    }
    readTimes.sort()
    indexCPU.sort()
    indexMainCPU.sort()
    let peak = peakResidentKilobytes()
    let highWater = highWaterKilobytes()
    // Take the document out of the optional, so the edit below finds its storage unshared
    // (a shared one is copied first, as copy-on-write demands).
    guard var document = document.take() else { return }
    times.sort()
    cpuTimes.sort()

    var start = ContinuousClock.now
    var visited = 0
    for _ in document.descendants(of: document.root) { visited += 1 }
    let walk = seconds(since: start)

    start = ContinuousClock.now
    let written = document.serializedBytes().count
    let write = seconds(since: start)
    precondition(written == fileSize(path), "an unedited document writes back every byte")

    start = ContinuousClock.now
    let last = JSONNode(index: document.children(of: document.root).reduce(document.root.index) { max($0, $1.index) })
    _ = document.parent(of: last)
    let parents = seconds(since: start)

    // The parent of every element of the root, with the index built: a walk back over the
    // container index from each (the status line's path and the tree's labels ask it).
    start = ContinuousClock.now
    var elements = 0
    for child in document.children(of: document.root) {
      if document.parent(of: child) != nil { elements += 1 }
    }
    let eachParent = elements > 0 ? seconds(since: start) / Double(elements) : .nan

    start = ContinuousClock.now
    var edit: Double = .nan
    if let target = document.child(at: document.childCount(of: document.root) / 2, of: document.root) {
      if let change = try? document.replace(target, withJSON: "{\"edited\": true}") {
        document.revert(change)
        edit = seconds(since: start)
      }
    }

    start = ContinuousClock.now
    var preview: Double = .nan
    if let bytes = try? JSONBytes.contentsOfFile(path) {
      let parser = JSONProgressiveParser(bytes: bytes)
      while (try? parser.advance(byteBudget: 1 << 18)) == false {
        if parser.preview(maximumChildren: 100) != nil { break }
      }
      preview = seconds(since: start)
    }

    print(
      "seconds=\(times[times.count / 2]) best=\(times[0]) cpu=\(cpuTimes[cpuTimes.count / 2]) peak=\(peak) "
        + "read=\(readTimes[readTimes.count / 2]) indexcpu=\(indexCPU[runs / 2]) indexmain=\(indexMainCPU[runs / 2]) "
        + "hwm=\(highWater) baseline=\(baseline) "
        + "values=\(document.valueCount) walk=\(walk) write=\(write) parents=\(parents) eachparent=\(eachParent) edit=\(edit) preview=\(preview) "
        + "visited=\(visited)")
  }

  private static func foundation(path: String, baseline: Double) {
    let start = ContinuousClock.now
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
      let object = try JSONSerialization.jsonObject(with: data)
      let time = seconds(since: start)
      let peak = peakResidentKilobytes()
      withExtendedLifetime(object) {}
      print("seconds=\(time) peak=\(peak) baseline=\(baseline)")
    } catch {
      print("error: \(error)")
      ProcessIdentity.exit(1)
    }
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func fileSize(_ path: String) -> Int { JSONBenchmarks.fileSize(path) }

  /// CPU time (user + system) of this process.
  private static func cpuSeconds() -> Double {
    ResourceUsage.processCPUSeconds()
  }

  /// `VmHWM` from `/proc/self/status`: this process image's peak resident set, in KiB.
  static func highWaterKilobytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return .nan }
    return Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
  }

  /// Peak resident set size of this process so far, in KiB (Linux `ru_maxrss`).
  static func peakResidentKilobytes() -> Double {
    ResourceUsage.ofThisProcess().peakResidentKilobytes
  }
}
