// swift-tools-version:6.0
import PackageDescription

// TermGrid's layers. Code outside the library imports only the `TermGrid` umbrella, but the
// targets that do also depend on every layer: a change inside a layer leaves the umbrella
// module as it was, and SwiftPM rebuilds only the direct dependents of a module that changed.
let termGridLayers: [Target.Dependency] = [
  "TermGridPlatform", "TermGridCore", "TermGridViews", "TermGridLayout", "TermGridTerminal", "TermGridCollection",
]

let package = Package(
  name: "tgrid",
  products: [
    .library(name: "TermGrid", targets: ["TermGrid"]),
    // Tests of programs built on TermGrid: a pilot for any run-loop root, golden screens.
    .library(name: "TermGridTesting", targets: ["TermGridTesting"]),
    .executable(name: "tgrid", targets: ["tgrid"]),
    // Examples/: small programs built on TermGrid (`swift run hello-collection-view`).
    .executable(name: "hello-collection-view", targets: ["HelloCollectionView"]),
    .executable(name: "photo-album", targets: ["PhotoAlbum"]),
    .executable(name: "photo-library", targets: ["PhotoLibrary"]),
    .executable(name: "class-tree", targets: ["ClassTree"]),
    .executable(name: "timeline", targets: ["Timeline"]),
    .executable(name: "chart", targets: ["Chart"]),
    .executable(name: "outline", targets: ["Outline"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    // `swift package generate-documentation --target TermGrid` builds the DocC catalog.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // ncursesw with wide characters; the shim turns macros and globals into functions.
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    // The collection-view library, in layers the compiler holds apart (see the Architecture
    // article in Sources/TermGrid/TermGrid.docc). Users write `import TermGrid` only.
    //
    // Every libc call: clock, environment, tty modes, signals, crash guard, process spawn.
    .target(name: "TermGridPlatform", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
    // Values every layer shares: geometry, layout attributes, rendering, input events.
    .target(name: "TermGridCore"),
    // Views: reusable views and cells, labels, tree nodes and connectors.
    .target(name: "TermGridViews", dependencies: ["TermGridCore"]),
    // Layouts: the layout contract, the flow layout, the tree layout, transitions.
    .target(name: "TermGridLayout", dependencies: ["TermGridCore", "TermGridViews"]),
    // Terminals and the run loop; the only target that sees ncurses.
    .target(
      name: "TermGridTerminal",
      dependencies: [
        "TermGridPlatform", "TermGridCore", "CNcurses", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The collection view, its edit menu and pasteboard, key tables and commands, tree models.
    .target(
      name: "TermGridCollection",
      dependencies: ["TermGridPlatform", "TermGridCore", "TermGridViews", "TermGridLayout", "TermGridTerminal"]),
    // The one module users import: re-exports the layers above.
    .target(name: "TermGrid", dependencies: termGridLayers),
    // Testing views and programs built on TermGrid (with swift-testing): `ScreenPilot`
    // drives any run-loop root on a headless terminal, `expectScreen` compares golden
    // screens, `StyledScreenText` shows styles in them.
    .target(name: "TermGridTesting", dependencies: termGridLayers + ["TermGrid"]),
    // What the engine, the app and the benchmarks ask of the system beyond the library's
    // platform layer: files (each call can be made to fail by tests), the bus-error guard of
    // mapped files, worker threads, the C memory routines, the process and its resource
    // usage. Not a product (its API is `package`); it needs nothing but libc and the platform
    // layer's `Locked`, so the fuzzer builds it with the engine.
    .target(name: "TGridSystem", dependencies: ["TermGridPlatform"]),
    // The lossless JSON document engine. Of the library it uses only the platform layer's
    // `Locked` and clock, which need nothing but libc: the fuzzer builds those files with it.
    .target(name: "TGridJSON", dependencies: ["TermGridPlatform", "TGridSystem"]),
    // The app's logic: data controller, cells, key bindings, commands.
    .target(
      name: "TGridApp",
      dependencies: [
        "TermGrid", "TGridJSON", "TGridSystem",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ] + termGridLayers
    ),
    .executableTarget(name: "tgrid", dependencies: ["TGridApp"]),
    // The app measured as a person meets it (the browser on a headless or offscreen
    // terminal): tgrid-bench's edit, firstscreen, keys and views, and GridKeyBytesTests. It
    // reaches the app's `package` declarations; the app does not depend on it.
    .target(
      name: "TGridAppBenchmarks", dependencies: ["TermGrid", "TGridJSON", "TGridSystem", "TGridApp"] + termGridLayers),
    // Release-mode figures for BENCHMARKS.md: `swift run -c release tgrid-bench`.
    .executableTarget(
      name: "tgrid-bench",
      dependencies: ["TermGrid", "TGridJSON", "TGridSystem", "TGridAppBenchmarks"] + termGridLayers,
      path: "Sources/TGridBenchmarks"
    ),
    // The examples: each a whole program that imports TermGrid alone; ExamplesTests checks
    // their screens. (They depend on the layers too so a change inside one rebuilds them.)
    .executableTarget(
      name: "HelloCollectionView", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/HelloCollectionView"),
    .executableTarget(name: "PhotoAlbum", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/PhotoAlbum"),
    .executableTarget(name: "PhotoLibrary", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/PhotoLibrary"),
    .executableTarget(name: "ClassTree", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/ClassTree"),
    .executableTarget(name: "Timeline", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/Timeline"),
    .executableTarget(name: "Chart", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/Chart"),
    .executableTarget(name: "Outline", dependencies: ["TermGrid"] + termGridLayers, path: "Examples/Outline"),
    // What the test targets share (a seeded random generator).
    .target(name: "TestSupport", dependencies: ["TermGridTesting"], path: "Tests/TestSupport"),
    .testTarget(
      name: "TermGridTests",
      // TGridSystem: the crash guard's test with a followed file's mapping guard runs in the
      // serialized suite of the tests that change process-wide signal handling.
      dependencies: ["TermGrid", "TermGridTesting", "TestSupport", "TGridSystem"] + termGridLayers,
      exclude: ["Snapshots"]),
    .testTarget(name: "TGridJSONTests", dependencies: ["TGridJSON", "TGridSystem", "TermGridPlatform", "TestSupport"]),
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "TermGrid", "TermGridTesting", "HelloCollectionView", "PhotoAlbum", "PhotoLibrary", "ClassTree", "Timeline",
        "Chart", "Outline",
      ]
        + termGridLayers,
      exclude: ["Snapshots"]),
    .testTarget(
      name: "TGridAppTests",
      dependencies: [
        "TGridApp", "TGridAppBenchmarks", "TermGrid", "TermGridTesting", "TGridJSON", "TGridSystem", "TestSupport",
      ]
        + termGridLayers,
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
