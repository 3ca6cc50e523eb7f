// swift-tools-version: 6.1
import PackageDescription

/// Settings every Livery target compiles with: Swift 6 language mode (complete
/// strict concurrency checking) and explicit `any` for existential types.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Livery",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "LiveryCore", targets: ["LiveryCore"]),
        .library(name: "JoinFormFeature", targets: ["JoinFormFeature"]),
        .library(name: "AddressLookupFeature", targets: ["AddressLookupFeature"]),
        .library(name: "AppBarFeature", targets: ["AppBarFeature"]),
    ],
    targets: [
        // Ground floor: contracts, the validation engine and the runtime container.
        // Foundation only, so that it stays embeddable in an iOS app.
        .target(name: "LiveryCore", path: "Core", swiftSettings: swiftSettings),
        // Features: headless engines over Core; they never import or name a brand.
        .target(name: "JoinFormFeature", dependencies: ["AddressLookupFeature", "LiveryCore"], path: "Features/JoinForm",
                resources: [.process("Resources")], swiftSettings: swiftSettings),
        .target(name: "AddressLookupFeature", dependencies: ["LiveryCore"], path: "Features/AddressLookup",
                resources: [.copy("Resources/addresses.tsv")], swiftSettings: swiftSettings),
        .target(name: "AppBarFeature", dependencies: ["LiveryCore"], path: "Features/AppBar", swiftSettings: swiftSettings),
        // Test support shared by the test targets: gates for slow fakes, clock helpers.
        .target(name: "LiveryTesting", dependencies: ["LiveryCore"], path: "Tools/LiveryTesting", swiftSettings: swiftSettings),
        .testTarget(
            name: "JoinFormFeatureTests",
            dependencies: ["JoinFormFeature", "AddressLookupFeature", "LiveryCore", "LiveryTesting"],
            path: "Tests/JoinFormTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AddressLookupFeatureTests",
            dependencies: ["AddressLookupFeature", "LiveryCore"],
            path: "Tests/AddressLookupTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AppBarFeatureTests",
            dependencies: ["AppBarFeature", "LiveryCore", "LiveryTesting"],
            path: "Tests/AppBarTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LiveryCoreTests",
            dependencies: ["LiveryCore", "LiveryTesting"],
            path: "Tests/CoreTests",
            swiftSettings: swiftSettings
        ),
    ]
)
