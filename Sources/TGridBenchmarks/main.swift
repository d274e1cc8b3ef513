// Release-mode figures for BENCHMARKS.md: `swift run -c release tgrid-bench <suite>`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "terminal":
  runTerminalBenchmarks(arguments: Array(arguments.dropFirst()))
default:
  print("usage: tgrid-bench terminal")
}
