// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "XMLBind",
    products: [
        .library(name: "XMLBind", targets: ["XMLBind"]),
        .executable(name: "xmlbind", targets: ["xmlbind"]),
        .library(name: "XMLBindSOAP", targets: ["XMLBindSOAP"]),
        .library(name: "XMLBindHTTP", targets: ["XMLBindHTTP"]),
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
        .executableTarget(
            name: "xmlbind",
            dependencies: ["XMLBind", "XMLBindSOAP"],
            resources: [.copy("Demo")]
        ),
        .executableTarget(
            name: "XMLBindBenchmarks",
            dependencies: ["XMLBind", "CExpat"]
        ),
        .executableTarget(
            name: "XMLBindFuzz",
            dependencies: ["XMLBind"]
        ),
        .testTarget(
            name: "XMLBindHTTPTests",
            dependencies: ["XMLBindHTTP"]
        ),
        .testTarget(
            name: "XMLBindTests",
            dependencies: ["XMLBind"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindSOAPTests",
            dependencies: ["XMLBind", "XMLBindSOAP", "XMLBindHTTP"],
            exclude: ["Peers"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
