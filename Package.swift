// swift-tools-version: 6.2
// 6.2: the library uses `SendableMetatype` (SE-0470), which Swift 6.2 introduced.
import PackageDescription

// Apple platforms have expat in their SDKs (`expat.h`, `libexpat`), found without pkg-config;
// on Linux it comes from Debian's libexpat1-dev, found through pkg-config.
#if os(Linux)
    let expatPkgConfig: String? = "expat"
#else
    let expatPkgConfig: String? = nil
#endif
// iconv is part of the C library on Linux, and a library of its own on Apple platforms.
let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]

let package = Package(
    name: "XMLBind",
    // The oldest systems with what the code uses at run time: `Mutex` (Synchronization) in
    // XMLBind, XMLBindSOAP and XMLBindHTTP. See the README's "Platforms" section.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "XMLBind", targets: ["XMLBind"]),
        // The `FileHandle` forms of XMLBind's calls: XMLBind itself runs on FoundationEssentials
        // (no ICU at start-up), and `FileHandle` is in Foundation.
        .library(name: "XMLBindFoundation", targets: ["XMLBindFoundation"]),
        .library(name: "XMLBindFeeds", targets: ["XMLBindFeeds"]),
        // Reading XML Schema, DTDs, WSDL and samples into Swift models (`xmlbind generate`).
        .library(name: "XMLBindSchema", targets: ["XMLBindSchema"]),
        .executable(name: "xmlbind", targets: ["xmlbind"]),
        // Generation at build time from a target's .xsd files (`xmlbind generate` as a plugin).
        .plugin(name: "XMLBindGeneratorPlugin", targets: ["XMLBindGeneratorPlugin"]),
        // Clients and models: XMLBind and Foundation only, on every platform.
        .library(name: "XMLBindSOAP", targets: ["XMLBindSOAP"]),
        .library(name: "XMLBindRPC", targets: ["XMLBindRPC"]),
        // Servers: hosting on the HTTP layer (GNU libmicrohttpd and zlib).
        .library(name: "XMLBindHTTP", targets: ["XMLBindHTTP"]),
        .library(name: "XMLBindRPCServer", targets: ["XMLBindRPCServer"]),
        .library(name: "XMLBindSOAPServer", targets: ["XMLBindSOAPServer"]),
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
            pkgConfig: expatPkgConfig,
            providers: [.apt(["libexpat1-dev"])]
        ),
        .target(
            name: "XMLBind",
            dependencies: ["CExpat"],
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: applePlatforms))]
        ),
        .target(
            name: "XMLBindFoundation",
            dependencies: ["XMLBind"]
        ),
        .target(
            name: "XMLBindFeeds",
            dependencies: ["XMLBind"]
        ),
        .target(
            name: "XMLBindSOAP",
            dependencies: ["XMLBind"]
        ),
        .target(
            name: "XMLBindSchema",
            dependencies: ["XMLBind"]
        ),
        // The generator alone, for the plugin: it builds without the server libraries.
        .executableTarget(
            name: "XMLBindGenerator",
            dependencies: ["XMLBindSchema"]
        ),
        .plugin(
            name: "XMLBindGeneratorPlugin",
            capability: .buildTool(),
            dependencies: ["XMLBindGenerator"]
        ),
        .target(
            name: "XMLBindSOAPServer",
            dependencies: ["XMLBind", "XMLBindSOAP", "XMLBindHTTP"]
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
            dependencies: ["XMLBind"]
        ),
        .target(
            name: "XMLBindRPCServer",
            dependencies: ["XMLBindRPC", "XMLBindHTTP"]
        ),
        .executableTarget(
            name: "xmlbind",
            dependencies: [
                "XMLBind", "XMLBindFoundation", "XMLBindSOAP", "XMLBindSOAPServer", "XMLBindRPC", "XMLBindRPCServer",
                "XMLBindFeeds", "XMLBindSchema",
            ],
            resources: [.copy("Demo")]
        ),
        .executableTarget(
            name: "XMLBindBenchmarks",
            dependencies: ["XMLBind", "XMLBindFoundation", "CExpat", "XMLBindRPC", "XMLBindFeeds"]
        ),
        // A program with XMLBind alone, for its start-up and streaming memory (and the CI's
        // check that it loads neither Foundation nor ICU): see the Performance article.
        .executableTarget(
            name: "XMLBindStartupProbe",
            dependencies: ["XMLBind"]
        ),
        // The same for a program that reads a feed from memory with XMLBindFeeds, which
        // links Foundation for `Feed.load`'s `URLSession` (measured, not checked).
        .executableTarget(
            name: "XMLBindFeedsStartupProbe",
            dependencies: ["XMLBindFeeds"]
        ),
        .executableTarget(
            name: "XMLBindFuzz",
            dependencies: [
                "XMLBind", "XMLBindFoundation", "XMLBindRPC", "XMLBindSOAP", "XMLBindHTTP", "XMLBindSOAPServer",
                "XMLBindSchema",
            ]
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
            dependencies: ["XMLBindRPC", "XMLBindRPCServer", "XMLBindHTTP", "XMLBindTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindHTTPTests",
            dependencies: ["XMLBindHTTP", "XMLBindTestSupport"]
        ),
        .testTarget(
            name: "XMLBindTests",
            dependencies: ["XMLBind", "XMLBindFoundation", "XMLBindTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindSchemaTests",
            // XMLBindSOAP and its server: the WSDL tests generate from a service's own WSDL.
            dependencies: [
                "XMLBindSchema", "XMLBind", "XMLBindSOAP", "XMLBindSOAPServer", "XMLBindHTTP", "XMLBindTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindSOAPTests",
            dependencies: ["XMLBind", "XMLBindSOAP", "XMLBindSOAPServer", "XMLBindHTTP", "XMLBindTestSupport"],
            exclude: ["Peers"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
