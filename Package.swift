// swift-tools-version: 6.2
// 6.2: the library uses `SendableMetatype` (SE-0470), which Swift 6.2 introduced.
import PackageDescription

let package = Package(
    name: "XMLBind",
    products: [
        .library(name: "XMLBind", targets: ["XMLBind"]),
        .library(name: "XMLBindFeeds", targets: ["XMLBindFeeds"]),
        .executable(name: "xmlbind", targets: ["xmlbind"]),
    ],
    targets: [
        .systemLibrary(
            name: "CExpat",
            pkgConfig: "expat",
            providers: [.apt(["libexpat1-dev"])]
        ),
        .target(
            name: "XMLBind",
            dependencies: ["CExpat"]
        ),
        .target(
            name: "XMLBindFeeds",
            dependencies: ["XMLBind"]
        ),
        .executableTarget(
            name: "xmlbind",
            dependencies: ["XMLBind", "XMLBindFeeds"],
            resources: [.copy("Demo")]
        ),
        .executableTarget(
            name: "XMLBindBenchmarks",
            dependencies: ["XMLBind", "CExpat", "XMLBindFeeds"]
        ),
        .executableTarget(
            name: "XMLBindFuzz",
            dependencies: ["XMLBind"]
        ),
        .testTarget(
            name: "XMLBindFeedsTests",
            dependencies: ["XMLBindFeeds", "XMLBind"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindTests",
            dependencies: ["XMLBind"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
