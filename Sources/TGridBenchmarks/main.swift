// Release-mode figures for BENCHMARKS.md: `swift run -c release tgrid-bench [NAME [ARGUMENTS...]]`.
// With no name every registered benchmark runs. Register a benchmark with one line below.
import TGridSystem

let benchmarks: [(name: String, run: ([String]) -> Void)] = [
  ("flow", runFlowBenchmarks(arguments:)),
  ("compositional", runCompositionalBenchmarks(arguments:)),
  ("chart", runChartBenchmarks(arguments:)),
  ("collection", runCollectionBenchmarks(arguments:)),
  ("terminal", runTerminalBenchmarks(arguments:)),
  ("keys", runKeyBytesBenchmarks(arguments:)),
  ("tree", runTreeBenchmarks(arguments:)),
  ("json", runJSONBenchmarks(arguments:)),
  ("edit", runEditBenchmarks(arguments:)),
  ("firstscreen", runFirstScreenBenchmarks(arguments:)),
  ("diff", runDiffBenchmarks(arguments:)),
  ("jsondiff", runJSONDiffBenchmarks(arguments:)),
  ("search", runSearchBenchmarks(arguments:)),
  ("filter", runFilterBenchmarks(arguments:)),
  ("regex", runRegexBenchmarks(arguments:)),
  ("views", runViewBenchmarks(arguments:)),
  ("follow", runFollowBenchmarks(arguments:)),
  ("mappedsave", runMappedSaveBenchmark(arguments:)),
  ("followtape", runFollowTapeBenchmark(arguments:)),
]

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil:
  for benchmark in benchmarks { benchmark.run([]) }
case let name?:
  if let benchmark = benchmarks.first(where: { $0.name == name }) {
    benchmark.run(Array(arguments.dropFirst()))
  } else {
    print("usage: tgrid-bench [\(benchmarks.map(\.name).joined(separator: "|")) [ARGUMENTS...]]")
    ProcessIdentity.exit(2)
  }
}
