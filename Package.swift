// swift-tools-version: 6.1
import PackageDescription

/// Settings every Livery target compiles with: Swift 6 language mode (complete
/// strict concurrency checking) and explicit `any` for existential types.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// The brands this package ships. Each name derives the brand's targets:
/// the plugin library `<Name>Brand` (Brands/<Name>/Plugin), its test target
/// `<Name>BrandTests` (Tests/Brands/<Name>). `livery new` appends to this list.
let brands = [
    "Ladbrokes",
    "Neds",
    "Betcha",
    "TabNZ",
]

let brandTargets: [Target] = brands.flatMap { name -> [Target] in
    [
        .target(name: "\(name)Brand", dependencies: ["LiveryCore", "JoinFormFeature", "AppBarFeature"],
                path: "Brands/\(name)/Plugin", swiftSettings: swiftSettings),
        .testTarget(name: "\(name)BrandTests",
                    dependencies: [.target(name: "\(name)Brand"), "LiveryComposition", "LiveryCore", "JoinFormFeature",
                                   "AppBarFeature", "AddressLookupFeature", "LiveryTesting"],
                    path: "Tests/Brands/\(name)", swiftSettings: swiftSettings),
    ]
}

let brandProducts: [Product] = brands.map { .library(name: "\($0)Brand", targets: ["\($0)Brand"]) }

let package = Package(
    name: "Livery",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "LiveryCore", targets: ["LiveryCore"]),
        .library(name: "JoinFormFeature", targets: ["JoinFormFeature"]),
        .library(name: "AddressLookupFeature", targets: ["AddressLookupFeature"]),
        .library(name: "AppBarFeature", targets: ["AppBarFeature"]),
        .library(name: "LiveryComposition", targets: ["LiveryComposition"]),
    ] + brandProducts,
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
        // The composition root: registers brand plugins and assembles headless runtimes on embedded services.
        .target(name: "LiveryComposition",
                dependencies: ["LiveryCore", "JoinFormFeature", "AppBarFeature", "AddressLookupFeature"],
                path: "Tools/Composition", swiftSettings: swiftSettings),
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
    ] + brandTargets
)
