// swift-tools-version: 6.2
// 6.2: the library uses `SendableMetatype` (SE-0470), which Swift 6.2 introduced.
import PackageDescription

let package = Package(
    name: "XMLBind",
    products: [
        .library(name: "XMLBind", targets: ["XMLBind"]),
        .library(name: "XMLBindFeeds", targets: ["XMLBindFeeds"]),
        .executable(name: "xmlbind", targets: ["xmlbind"]),
        .library(name: "XMLBindSOAP", targets: ["XMLBindSOAP"]),
        .library(name: "XMLBindHTTP", targets: ["XMLBindHTTP"]),
        .library(name: "XMLBindRPC", targets: ["XMLBindRPC"]),
    ],
    traits: [
        // `swift build --traits SafeMode`: see Sources/XMLBind/Engine/UncheckedLayer.swift.
        .trait(
            name: "SafeMode",
            description: "Replaces XMLBind's unchecked layer with key-path writes, "
                + "retained references and checked exclusivity (slower; the same results)."
        )
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
        .target(
            name: "XMLBindSOAP",
            dependencies: ["XMLBind", "XMLBindHTTP"]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "XMLBindHTTP",
            dependencies: ["CMicroHTTPD", "CZlib"]
        ),
        .target(
            name: "XMLBindRPC",
            dependencies: ["XMLBind", "XMLBindHTTP"]
        ),
        .executableTarget(
            name: "xmlbind",
            dependencies: ["XMLBind", "XMLBindSOAP", "XMLBindRPC", "XMLBindFeeds"],
            resources: [.copy("Demo")]
        ),
        .executableTarget(
            name: "XMLBindBenchmarks",
            dependencies: ["XMLBind", "CExpat", "XMLBindRPC", "XMLBindFeeds"]
        ),
        .executableTarget(
            name: "XMLBindFuzz",
            dependencies: ["XMLBind"]
        ),
        // What more than one test target needs, or what is not a test itself: processes run
        // to their end or as peers, temporary files, the package's folder, a seeded
        // generator. Never a product.
        .target(
            name: "XMLBindTestSupport",
            path: "Tests/XMLBindTestSupport"
        ),
        .testTarget(
            name: "XMLBindFeedsTests",
            dependencies: ["XMLBindFeeds", "XMLBind", "XMLBindTestSupport"],
            exclude: ["Peers"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindRPCTests",
            dependencies: ["XMLBindRPC", "XMLBindHTTP", "XMLBindTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindHTTPTests",
            dependencies: ["XMLBindHTTP", "XMLBindTestSupport"]
        ),
        .testTarget(
            name: "XMLBindTests",
            dependencies: ["XMLBind", "XMLBindTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindSOAPTests",
            dependencies: ["XMLBind", "XMLBindSOAP", "XMLBindHTTP", "XMLBindTestSupport"],
            exclude: ["Peers"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
