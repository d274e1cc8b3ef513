// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "tgrid",
  products: [
    .library(name: "TermGrid", targets: ["TermGrid"]),
    .executable(name: "tgrid", targets: ["tgrid"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // ncursesw with wide characters; the shim turns macros and globals into functions.
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    // The collection-view library: geometry, layouts, views, rendering, terminals.
    .target(name: "TermGrid", dependencies: ["CNcurses"]),
    // The lossless JSON document engine. No dependencies, so the fuzzer can build it alone.
    .target(name: "TGridJSON"),
    // The app's logic: data controller, cells, key bindings, commands.
    .target(
      name: "TGridApp",
      dependencies: [
        "TermGrid", "TGridJSON",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "tgrid", dependencies: ["TGridApp"]),
    // Release-mode figures for BENCHMARKS.md: `swift run -c release tgrid-bench`.
    .executableTarget(
      name: "tgrid-bench",
      dependencies: ["TermGrid", "TGridJSON", "TGridApp"],
      path: "Sources/TGridBenchmarks"
    ),
    // What the test targets share (a seeded random generator).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TermGridTests", dependencies: ["TermGrid", "TestSupport"], exclude: ["Snapshots"]),
    .testTarget(name: "TGridJSONTests", dependencies: ["TGridJSON", "TestSupport"]),
    .testTarget(
      name: "TGridAppTests", dependencies: ["TGridApp", "TermGrid", "TGridJSON", "TestSupport"],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
