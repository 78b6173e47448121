// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "XMLBind",
    products: [
        .library(name: "XMLBind", targets: ["XMLBind"]),
        .executable(name: "xmlbind", targets: ["xmlbind"]),
        .library(name: "XMLBindSOAP", targets: ["XMLBindSOAP"]),
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
            dependencies: ["XMLBind"]
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
            name: "XMLBindTests",
            dependencies: ["XMLBind"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "XMLBindSOAPTests",
            dependencies: ["XMLBind", "XMLBindSOAP"],
            resources: [.copy("Peers")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
