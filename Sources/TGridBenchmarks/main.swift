// `tgrid-bench <suite> [options]`: release-mode figures for BENCHMARKS.md.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json":
  runJSONBenchmarks(arguments: Array(arguments.dropFirst()))
default:
  print("usage: tgrid-bench json [--data DIR] [--quick]")
}
