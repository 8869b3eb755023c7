// swift-tools-version:6.0
import Foundation
import PackageDescription

// Module boundaries follow DESIGN.md: the algorithm modules (StrokeCore, StrokeSmoothing,
// StrokeMetrics) import no Foundation, so an iOS app can depend on them; I/O, rendering
// and experiments live above them.
let package = Package(
    name: "StrokeLab",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "StrokeCore", targets: ["StrokeCore"]),
        .library(name: "StrokeSmoothing", targets: ["StrokeSmoothing"]),
        .library(name: "StrokeMetrics", targets: ["StrokeMetrics"]),
        .library(name: "StrokeIO", targets: ["StrokeIO"]),
        .library(name: "StrokePlot", targets: ["StrokePlot"]),
        .library(name: "StrokeRaster", targets: ["StrokeRaster"]),
        .library(name: "StrokeLab", targets: ["StrokeLab"]),
        .library(name: "StrokeRecorder", targets: ["StrokeRecorder"]),
        .executable(name: "strokelab", targets: ["strokelab"]),
        .executable(name: "strokelab-fuzz", targets: ["strokelab-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // The recorder's HTTP server (`strokelab record`): NIOPosix + NIOHTTP1 only. Chosen over
        // Hummingbird (its clean debug build costs about 3× as much here) and FlyingFox (unbounded
        // header lines; an oversized body is read to its end before the answer); see
        // docs/guides/recorder.md, "Server".
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "StrokeCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "StrokeSmoothing",
            dependencies: ["StrokeCore", .product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "StrokeMetrics",
            dependencies: ["StrokeCore", "StrokeSmoothing", .product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "StrokeIO",
            dependencies: ["StrokeCore"]),
        // gnuplot-iostream is header-only but pulls in Boost.Iostreams (compiled) and
        // Boost.Filesystem (its temporary files); Debian: libgnuplot-iostream-dev.
        .target(
            name: "GnuplotBridge",
            linkerSettings: [
                .linkedLibrary("boost_iostreams"),
                .linkedLibrary("boost_filesystem"),
                .linkedLibrary("boost_system"),
            ]),
        .target(
            name: "StrokePlot",
            dependencies: ["GnuplotBridge", "StrokeCore", "StrokeIO", "StrokeMetrics", "StrokeRaster"]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .target(
            name: "StrokeRaster",
            dependencies: ["CCairo", "StrokeCore", "StrokeSmoothing"]),
        .target(
            name: "StrokeLab",
            dependencies: [
                "StrokeCore", "StrokeSmoothing", "StrokeMetrics", "StrokeIO", "StrokePlot", "StrokeRaster",
                .product(name: "RealModule", package: "swift-numerics"),
                .product(name: "Yams", package: "Yams"),
            ]),
        // The browser recorder: its page and the HTTP server that stores uploads. Nothing but
        // the command-line tool depends on it, so the algorithm modules never see SwiftNIO.
        .target(
            name: "StrokeRecorder",
            dependencies: [
                "StrokeCore", "StrokeIO",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "strokelab",
            dependencies: [
                "StrokeLab", "StrokeIO", "StrokeMetrics", "StrokeSmoothing", "StrokeCore", "StrokePlot", "StrokeRaster", "StrokeRecorder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The live stroke guide's UIKit and SwiftUI snippets (docs/guides/live.md), compiled on
        // Linux against a stand-in for the touch types and run by the tests on a recorded trace.
        .executableTarget(
            name: "live-example",
            dependencies: ["StrokeSmoothing", "StrokeCore", "StrokeIO"],
            path: "Examples/LiveStrokeExample"),
        // The readers' fuzzing harness (docs/fuzzing.md): the contract every case must keep,
        // seeds and mutations; used by the tests and by the strokelab-fuzz tool.
        .target(
            name: "StrokeFuzz",
            dependencies: ["StrokeIO", "StrokeCore"]),
        .executableTarget(
            name: "strokelab-fuzz",
            dependencies: ["StrokeFuzz", "StrokeIO"]),
        // The helpers every test target shares (Tests/StrokeTestSupport: paths, shared data and
        // oracles with clean skipping, known-answer strokes, tolerance assertions, processes,
        // a blocking HTTP client and headless Chromium through chromedriver).
        // A plain library target, in no product, so no user of the package gets it.
        .target(
            name: "StrokeTestSupport",
            dependencies: ["StrokeCore", "StrokeIO", .product(name: "RealModule", package: "swift-numerics")],
            path: "Tests/StrokeTestSupport"),
        // The raster tests' golden images, each declared once (Tests/StrokeGoldenImages): the
        // tests compare with the committed files; `make golden` runs update-goldens, the only
        // writer of those files (a test run never rewrites them).
        .target(
            name: "StrokeGoldenImages",
            dependencies: ["StrokeCore", "StrokeSmoothing", "StrokeRaster", "StrokeTestSupport"],
            path: "Tests/StrokeGoldenImages"),
        .executableTarget(name: "update-goldens", dependencies: ["StrokeGoldenImages"], path: "Tests/UpdateGoldens"),
        .testTarget(
            name: "StrokeCoreTests",
            dependencies: ["StrokeCore", "StrokeTestSupport", .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(
            name: "StrokeSmoothingTests",
            dependencies: ["StrokeSmoothing", "StrokeCore", "StrokeTestSupport", .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(
            name: "StrokeMetricsTests",
            dependencies: ["StrokeMetrics", "StrokeSmoothing", "StrokeCore", "StrokeTestSupport",
                           .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(name: "StrokeIOTests", dependencies: ["StrokeIO", "StrokeCore", "StrokeFuzz", "StrokeTestSupport"]),
        .testTarget(name: "StrokePlotTests", dependencies: ["StrokePlot", "StrokeCore", "StrokeIO", "StrokeRaster", "StrokeTestSupport"]),
        .testTarget(
            name: "StrokeRasterTests",
            dependencies: ["StrokeRaster", "CCairo", "StrokeSmoothing", "StrokeCore", "StrokeIO", "StrokeTestSupport", "StrokeGoldenImages"],
            exclude: ["Golden"]),
        .testTarget(
            name: "StrokeLabTests",
            dependencies: ["StrokeLab", "StrokeIO", "StrokeMetrics", "StrokeSmoothing", "StrokeCore", "StrokeRaster", "StrokeTestSupport"]),
        .testTarget(
            name: "StrokeRecorderTests",
            dependencies: [
                "StrokeRecorder", "StrokeIO", "StrokeCore", "StrokeTestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// `make bench-allocations` (STROKELAB_BENCHMARKS=1, its own scratch path): heap allocations per
// event of the live stroke, counted by ordo-one's malloc-interposer. Declared only then, so
// `make test` and users of the package never resolve or build it.
if ProcessInfo.processInfo.environment["STROKELAB_BENCHMARKS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"))
    package.targets.append(.executableTarget(
        name: "live-allocations",
        dependencies: ["StrokeSmoothing", "StrokeCore", "StrokeIO",
                       .product(name: "MallocInterposerSwift", package: "malloc-interposer")],
        path: "Benchmarks/LiveAllocations"))
}

// `make docs` (STROKELAB_DOCS=1): the algorithm modules' DocC documentation, with the guides as
// articles (their catalogues link docs/guides/), built by swiftlang/swift-docc-plugin with
// warnings as errors. Declared only then, so `make test` and users of the package never resolve it.
if ProcessInfo.processInfo.environment["STROKELAB_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
