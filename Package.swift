// swift-tools-version: 6.1
import PackageDescription

/// Settings every Livery target compiles with: Swift 6 language mode (complete
/// strict concurrency checking) and explicit `any` for existential types.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// The libraries an app links: besides the above, a nonisolated async function runs on its caller's executor
/// (`nonisolated(nonsending)`), so an effect over an in-process service stays on the main actor that asked for it
/// instead of hopping to the global executor and back; work that must leave it says `@concurrent`.
let runtimeSettings = swiftSettings + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

/// The brands this package ships: the only brand list anyone keeps by hand.
/// Each name derives the brand's targets: the plugin library `<Name>Brand`
/// (Brands/<Name>/Plugin: its `brand.json` and one line of Swift); the
/// executable `<name>` (Brands/<Name>/App), which runs the brand's
/// scenarios; and the test target `<Name>BrandTests` (Tests/Brands/<Name>BrandTests).
/// Every other list (the `livery` tool's, the sandbox suites', the
/// benchmarks') is generated from the targets' dependencies on these at
/// build time by BrandListPlugin. `livery new` appends to this list.
let brands = [
    "Ladbrokes",
    "Neds",
    "Betcha",
    "TabNZ",
]

let brandTargets: [Target] = brands.flatMap { name -> [Target] in
    [
        .target(
            name: "\(name)Brand", dependencies: ["BrandDeclarations"],
            path: "Brands/\(name)/Plugin", resources: [.copy("brand.json"), .copy("logo.svg")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "\(name)App",
            dependencies: [.target(name: "\(name)Brand"), "LiveryComposition", "LiveryScenarios"],
            path: "Brands/\(name)/App", swiftSettings: swiftSettings),
        .testTarget(
            name: "\(name)BrandTests",
            dependencies: [
                .target(name: "\(name)Brand"), "LiveryComposition", "LiveryScenarios", "LiveryCore", "JoinFormFeature",
                "AppBarFeature", "AddressLookupFeature", "LiveryTesting", "LiveryConsole",
            ],
            path: "Tests/Brands/\(name)BrandTests", swiftSettings: swiftSettings),
    ]
}

let brandProducts: [Product] = brands.flatMap { name -> [Product] in
    [
        .library(name: "\(name)Brand", targets: ["\(name)Brand"]),
        .executable(name: name.lowercased(), targets: ["\(name)App"]),
    ]
}

/// The trait that fences the heavy packages the developer tools, the servers
/// and their tests need: argument parsing, YAML, Hummingbird and NIO, SQLite,
/// PostgreSQL, hashing, logging, metrics and the benchmarks. On by default, so
/// `swift run livery …` and `swift test` work at the root; an app depends on
/// Livery with `traits: []` and resolves none of them. (It fences packages,
/// not the `Tools/` folder: the runtime libraries in `Tools/Runtime` never
/// need it.)
let heavyPackages = "DeveloperTools"

/// Every brand's plugin target: for the targets that register all brands
/// (their list is generated from these dependencies by BrandListPlugin).
let allBrandTargets: [Target.Dependency] = brands.map { .target(name: "\($0)Brand") }

/// Generates `packageBrands()` for a target that depends on `allBrandTargets`.
let brandList: [Target.PluginUsage] = [.plugin(name: "BrandListPlugin")]

/// A dependency on `product` of `package` that only the tools need.
func toolsOnly(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [heavyPackages]))
}

let package = Package(
    name: "Livery",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "livery", targets: ["Livery"]),
        .executable(name: "livery-server", targets: ["LiveryServer"]),
        .library(name: "LiveryCore", targets: ["LiveryCore"]),
        .library(name: "LiveryWire", targets: ["LiveryWire"]),
        .library(name: "JoinFormFeature", targets: ["JoinFormFeature"]),
        .library(name: "AddressLookupFeature", targets: ["AddressLookupFeature"]),
        .library(name: "AppBarFeature", targets: ["AppBarFeature"]),
        .library(name: "LiveryComposition", targets: ["LiveryComposition"]),
        .library(name: "BrandDeclarations", targets: ["BrandDeclarations"]),
        .executable(name: "livery-example", targets: ["LiveryExample"]),
        .executable(name: "address-index", targets: ["AddressIndexBuilder"]),
    ] + brandProducts,
    traits: [
        .default(enabledTraits: [heavyPackages]),
        .trait(
            name: heavyPackages,
            description:
                "The packages of the livery tool, the sandbox and the preview, scenario files, their tests and the benchmarks."
        ),
    ],
    dependencies: [
        // Behind the DeveloperTools trait: never a dependency of Core, Features, Brands or Tools/Runtime.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // The sandbox backend (Tools/Servers/Sandbox) and its tests only.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The preview's live page (Tools/Servers/Preview) only.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The team sandbox: PostgreSQL storage, graceful shutdown, Prometheus metrics (Tools/Servers/Sandbox only).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Runs over HTTPS trusting a private authority (`--ca-certificate`); the tests build it for HummingbirdTesting.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Connection limits and answers below the routers of the sandbox and the preview (channel handlers).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The benchmarks (Tools/Testing/Benchmarks) only; the malloc interposer counts allocations without jemalloc.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The documentation catalogues: `swift package generate-documentation` (a command plugin; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Ground floor: contracts, the validation engine and the runtime container.
        // Foundation only, so that it stays embeddable in an iOS app.
        .target(
            name: "LiveryCore", dependencies: ["LiveryWire"], path: "Core", exclude: ["Wire"],
            swiftSettings: runtimeSettings),
        // The wire contract's shapes, said once: what the app's HTTP clients send and read and what the sandbox
        // serves (requests, answers, error bodies, headers, routes). Foundation only, below everything else.
        .target(name: "LiveryWire", path: "Core/Wire", swiftSettings: runtimeSettings),
        // Features: headless engines over Core; they never import or name a brand.
        .target(
            name: "JoinFormFeature", dependencies: ["AddressLookupFeature", "LiveryCore", "LiveryWire"],
            path: "Features/JoinForm",
            swiftSettings: runtimeSettings),
        .target(
            name: "AddressLookupFeature", dependencies: ["LiveryCore", "LiveryWire"], path: "Features/AddressLookup",
            resources: [.copy("Resources/addresses.index")], swiftSettings: runtimeSettings),
        .target(
            name: "AppBarFeature", dependencies: ["LiveryCore"], path: "Features/AppBar",
            swiftSettings: runtimeSettings),
        // A brand as data: its brand.json read and checked into a plugin, and the market packs brands name.
        // What every brand target is built on.
        .target(
            name: "BrandDeclarations",
            dependencies: [
                "LiveryCore", "LiveryWire", "JoinFormFeature", "AddressLookupFeature", "AppBarFeature", "MarketPacks",
            ],
            path: "Brands/Declarations", swiftSettings: runtimeSettings),
        // The markets Livery ships, as data: one pack per country (Brands/Markets/Packs/<code>.json).
        .target(
            name: "MarketPacks", path: "Brands/Markets", exclude: ["market.schema.json"],
            resources: [.copy("Packs")], swiftSettings: runtimeSettings),
        // The composition root: registers brand plugins and assembles a brand's runtime on live or embedded services.
        .target(
            name: "LiveryComposition",
            dependencies: [
                "LiveryCore", "LiveryWire", "JoinFormFeature", "AppBarFeature", "AddressLookupFeature",
                "BrandDeclarations",
            ],
            path: "Tools/Runtime/Composition", swiftSettings: runtimeSettings),
        // An app's head in a few lines, on public API only: assemble, hold the stores, sign up, print the screens.
        .executableTarget(
            name: "LiveryExample",
            dependencies: [
                "LiveryComposition", "LiveryCore", "JoinFormFeature", "AppBarFeature",
                "AddressLookupFeature", "NedsBrand", "TabNZBrand",
            ],
            path: "Tools/Runtime/Example", swiftSettings: swiftSettings),
        // Scenario files (YAML): parsing, running on a headless runtime, transcripts.
        .target(
            name: "LiveryScenarios",
            dependencies: [
                "BrandDeclarations", "LiveryComposition", "LiveryCore", "JoinFormFeature", "AppBarFeature",
                "AddressLookupFeature", "LiveryConsole", "LiveryWire", "LiveryWorkshop", toolsOnly("Yams", "Yams"),
                toolsOnly("ArgumentParser", "swift-argument-parser"),
            ],
            path: "Tools/Developer/Scenarios", swiftSettings: swiftSettings),
        // The terminal every command writes to: colour (NO_COLOR, --no-colour), tables, progress, exit statuses.
        .target(
            name: "LiveryConsole", dependencies: [toolsOnly("ArgumentParser", "swift-argument-parser")],
            path: "Tools/Developer/Console", swiftSettings: swiftSettings),
        // What the brand teams' commands do, as testable code: the checkout and its brand list,
        // scaffolding, brand differences and conformance checks.
        .target(
            name: "LiveryWorkshop",
            dependencies: [
                "BrandDeclarations", "LiveryComposition", "LiveryCore", "JoinFormFeature", "AppBarFeature",
                "LiveryConsole",
            ],
            path: "Tools/Developer/Workshop", swiftSettings: swiftSettings),
        // The `livery` tool: brands, run, build, test, new, diff, doctor, theme; hands `sandbox` and `preview`
        // over to livery-server, so that building it never compiles the server stack. Registers every brand.
        .executableTarget(
            name: "Livery",
            dependencies: [
                "BrandDeclarations", "LiveryComposition", "LiveryScenarios", "LiveryCore",
                "LiveryWorkshop", "LiveryConsole", "JoinFormFeature", "AppBarFeature",
                toolsOnly("ArgumentParser", "swift-argument-parser"),
            ] + allBrandTargets,
            path: "Tools/Developer/Livery", exclude: ["README.md"], swiftSettings: swiftSettings, plugins: brandList),
        // `livery-server`: the sandbox backend and the web preview (HTTP: Hummingbird, NIO, SQLite). Registers every brand.
        .executableTarget(
            name: "LiveryServer",
            dependencies: [
                "LiveryComposition", "LiveryScenarios", "LiverySandbox", "ServerInputs", "LiveryPreview",
                "OpenAPIGeneration", "BrandDeclarations",
                "ServerConnections", "LiveryCore",
                "LiveryWorkshop", "LiveryConsole", "JoinFormFeature", "AppBarFeature",
                toolsOnly("ArgumentParser", "swift-argument-parser"),
            ] + allBrandTargets,
            path: "Tools/Servers/LiveryServer", swiftSettings: swiftSettings, plugins: brandList),
        // Prepares the bundled address index (Features/AddressLookup/Resources/addresses.index) from
        // Tools/Developer/AddressData/addresses.tsv: `swift run address-index`.
        .executableTarget(
            name: "AddressIndexBuilder",
            dependencies: ["AddressLookupFeature", "BrandDeclarations", "LiveryCore", "LiveryWorkshop"],
            path: "Tools/Developer/AddressData/IndexBuilder", swiftSettings: swiftSettings),
        // Writes `packageBrands()` from a target's brand dependencies at build time.
        .executableTarget(
            name: "BrandListGenerator", path: "Tools/Developer/BrandListGenerator", swiftSettings: swiftSettings),
        .plugin(
            name: "BrandListPlugin", capability: .buildTool(), dependencies: ["BrandListGenerator"],
            path: "Tools/Developer/BrandListPlugin"),
        // Writes the documentation comments of LiveryWire's properties for the contract at build time.
        .executableTarget(
            name: "WireDocGenerator", path: "Tools/Developer/WireDocGenerator", swiftSettings: swiftSettings),
        .plugin(
            name: "WireDocPlugin", capability: .buildTool(), dependencies: ["WireDocGenerator"],
            path: "Tools/Developer/WireDocPlugin"),
        // The preview: every brand's journey and app bar as a live web page, over the public API only, and the
        // brand studio (a brand file edited live, checked, diffed, its scenarios run, saved).
        .target(
            name: "LiveryPreview",
            dependencies: [
                "LiveryComposition", "LiveryCore", "JoinFormFeature", "AppBarFeature", "AddressLookupFeature",
                "BrandDeclarations", "ServerConnections", "LiveryWorkshop", "LiveryScenarios", "LiveryConsole",
                toolsOnly("Hummingbird", "hummingbird"),
                toolsOnly("HummingbirdCore", "hummingbird"), toolsOnly("NIOHTTP1", "swift-nio"),
                toolsOnly("HummingbirdWebSocket", "hummingbird-websocket"), toolsOnly("Logging", "swift-log"),
                toolsOnly("AsyncHTTPClient", "async-http-client"),
            ],
            path: "Tools/Servers/Preview", exclude: ["Screenshots", "README.md"], resources: [.copy("Resources")],
            swiftSettings: swiftSettings),
        // What the sandbox and the preview share below their routers: connection limits (idle, slow and surplus
        // clients shed) and answers to requests the HTTP parser refuses.
        .target(
            name: "ServerConnections",
            dependencies: [
                "LiveryCore", "LiveryWire", "ServerInputs", toolsOnly("HummingbirdCore", "hummingbird"),
                toolsOnly("NIOCore", "swift-nio"),
                toolsOnly("NIOHTTP1", "swift-nio"), toolsOnly("Logging", "swift-log"),
            ],
            path: "Tools/Servers/ServerConnections", swiftSettings: swiftSettings),
        // What the servers read from outside — request targets (the sandbox's and the preview's), JSON bodies and
        // the sandbox's database location — read as values: testable and fuzzed without a server.
        .target(name: "ServerInputs", path: "Tools/Servers/ServerInputs", swiftSettings: swiftSettings),
        // Generates the published contract from LiveryWire (which holds every wire shape, route and error code):
        // the OpenAPI 3.1 document of every operation, its schemas read from LiveryWire's types and their
        // documentation comments (Tools/Servers/Contract/openapi.json keeps it; the sandbox serves it at /openapi.json).
        .target(
            name: "OpenAPIGeneration",
            dependencies: [
                "LiveryWire", "LiveryCore", "BrandDeclarations", "JoinFormFeature", "AddressLookupFeature",
                "LiveryComposition",
            ],
            path: "Tools/Servers/Contract",
            exclude: [
                "openapi.json", "check-exchanges", "run-schemathesis", "schemathesis_hooks.py", "schemathesis.toml",
            ],
            swiftSettings: swiftSettings, plugins: [.plugin(name: "WireDocPlugin")]),
        // The sandbox backend: an HTTP server (Hummingbird) over SQLite (GRDB) speaking the app's contract.
        .target(
            name: "LiverySandbox",
            dependencies: [
                "LiveryCore", "LiveryWire", "OpenAPIGeneration", "JoinFormFeature", "AddressLookupFeature",
                "LiveryComposition", "ServerInputs", "ServerConnections", "BrandDeclarations",
                toolsOnly("Hummingbird", "hummingbird"), toolsOnly("GRDB", "GRDB.swift"),
                toolsOnly("_CryptoExtras", "swift-crypto"), toolsOnly("Crypto", "swift-crypto"),
                toolsOnly("Logging", "swift-log"), toolsOnly("NIOCore", "swift-nio"),
                toolsOnly("NIOPosix", "swift-nio"),
                toolsOnly("HummingbirdCore", "hummingbird"), toolsOnly("PostgresNIO", "postgres-nio"),
                toolsOnly("NIOSSL", "swift-nio-ssl"), toolsOnly("HummingbirdTLS", "hummingbird"),
                toolsOnly("NIOHTTP1", "swift-nio"), toolsOnly("AsyncHTTPClient", "async-http-client"),
                toolsOnly("ServiceLifecycle", "swift-service-lifecycle"),
                toolsOnly("UnixSignals", "swift-service-lifecycle"), toolsOnly("Metrics", "swift-metrics"),
                toolsOnly("Prometheus", "swift-prometheus"),
            ],
            path: "Tools/Servers/Sandbox", exclude: ["README.md"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LiverySandboxTests",
            dependencies: [
                "BrandDeclarations", "LiverySandbox", "ServerInputs", "LiveryScenarios", "LiveryComposition",
                "LiveryCore", "LiveryWire", "OpenAPIGeneration",
                "JoinFormFeature", "AddressLookupFeature", "LiveryTesting", "LiveryServer", "LiveryConsole",
                "ServerConnections", "MarketPacks", "ScenarioTesting",
                toolsOnly("GRDB", "GRDB.swift"), toolsOnly("Logging", "swift-log"),
                toolsOnly("Hummingbird", "hummingbird"), toolsOnly("HummingbirdTesting", "hummingbird"),
                toolsOnly("PostgresNIO", "postgres-nio"),
            ] + allBrandTargets,
            exclude: ["Scenarios"], swiftSettings: swiftSettings, plugins: brandList),
        .testTarget(
            name: "LiveryPreviewTests",
            dependencies: [
                "LiveryPreview", "LiveryScenarios", "LiveryComposition", "BrandDeclarations", "LiveryCore",
                "JoinFormFeature", "AppBarFeature", "LiveryTesting", "ServerConnections",
                toolsOnly("Logging", "swift-log"), toolsOnly("HummingbirdTesting", "hummingbird"),
                toolsOnly("HummingbirdWSTesting", "hummingbird-websocket"),
                toolsOnly("HummingbirdWSClient", "hummingbird-websocket"),
            ] + allBrandTargets,
            swiftSettings: swiftSettings, plugins: brandList),
        // Benchmarks against baselines in the same run (ordo-one/benchmark): `swift package benchmark`.
        .executableTarget(
            name: "LiveryBenchmarks",
            dependencies: [
                "BrandDeclarations", "LiveryCore", "JoinFormFeature", "AddressLookupFeature", "LiveryComposition",
                "LiveryScenarios", "BenchmarkForms", "LiveryTesting", "LiveryConsole",
                toolsOnly("Benchmark", "benchmark"),
            ] + allBrandTargets,
            path: "Tools/Testing/Benchmarks/LiveryBenchmarks", swiftSettings: swiftSettings,
            // No BenchmarkPlugin: its entry point is written out (BenchmarkMain.swift), so no build prepares the
            // plugin's generator first.
            plugins: brandList),
        // The forms the validation benchmarks measure, shared with FormProfile.
        .target(
            name: "BenchmarkForms",
            dependencies: ["LiveryCore", "JoinFormFeature", "LiveryComposition", "LiveryTesting"],
            path: "Tools/Testing/BenchmarkForms", swiftSettings: swiftSettings),
        // One validation workload run N times, for instruction counts under callgrind:
        // `swift build -c release --product FormProfile`.
        .executableTarget(
            name: "FormProfile",
            dependencies: [
                "BenchmarkForms", "LiveryCore", "JoinFormFeature", "LiveryComposition", "LiveryScenarios",
                "BrandDeclarations", "LiveryTesting",
            ] + allBrandTargets,
            path: "Tools/Testing/FormProfile", swiftSettings: swiftSettings, plugins: brandList),
        // The process-start floor the start-up benchmarks compare against: the libraries a brand's executable loads, nothing else.
        .executableTarget(name: "StartupFloor", path: "Tools/Testing/StartupFloor", swiftSettings: swiftSettings),
        // check-username latency while registrations hash their passwords, against the sandbox in-process:
        // `swift run -c release SandboxLoad`.
        .executableTarget(
            name: "SandboxLoad",
            dependencies: ["LiverySandbox", "LiveryCore", "LiveryTesting", toolsOnly("Logging", "swift-log")]
                + allBrandTargets,
            path: "Tools/Testing/SandboxLoad", exclude: ["capacity"], swiftSettings: swiftSettings, plugins: brandList),
        // Fuzz targets for every input read from outside (Tools/Testing/Fuzz/README.md): libFuzzer with
        // `-sanitize=fuzzer,address -DLIVERY_FUZZING`, or a replay of files without it.
        .executableTarget(
            name: "LiveryFuzz",
            dependencies: [
                "LiveryCore", "JoinFormFeature", "AddressLookupFeature", "LiveryComposition",
                "LiveryScenarios", "ServerInputs", "LiveryWire", "NedsBrand", "BrandDeclarations", "MarketPacks",
            ],
            path: "Tools/Testing/Fuzz", exclude: ["README.md", "Corpus", "Dictionaries", "run", "lsan.supp"],
            swiftSettings: swiftSettings),
        // Test support shared by the test targets: gates for slow fakes, clock helpers.
        // The defects the runner and explorer tests plant, through the runner's seam for them: test support, kept
        // out of the livery tool.
        .target(
            name: "ScenarioTesting",
            dependencies: [
                "LiveryScenarios", "LiveryComposition", "LiveryCore", "JoinFormFeature", "AddressLookupFeature",
            ],
            path: "Tools/Testing/ScenarioTesting", swiftSettings: swiftSettings),
        .target(
            name: "LiveryTesting", dependencies: ["LiveryCore", "BrandDeclarations"],
            path: "Tools/Testing/LiveryTesting",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "JoinFormFeatureTests",
            dependencies: ["JoinFormFeature", "AddressLookupFeature", "LiveryCore", "LiveryTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AddressLookupFeatureTests",
            dependencies: ["AddressLookupFeature", "LiveryCore", "LiveryTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AppBarFeatureTests",
            dependencies: ["AppBarFeature", "LiveryCore", "LiveryTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LiveryCompositionTests",
            dependencies: [
                "BrandDeclarations", "LiveryComposition", "LiveryCore", "JoinFormFeature", "AppBarFeature",
                "AddressLookupFeature",
                "LiveryTesting", "MarketPacks",
            ] + allBrandTargets,
            swiftSettings: swiftSettings,
            plugins: brandList
        ),
        .testTarget(
            name: "LiveryWorkshopTests",
            dependencies: [
                "BrandDeclarations", "LiveryWorkshop", "LiveryComposition", "LiveryCore", "LiveryConsole",
                "LiveryScenarios", "LiveryTesting", "ScenarioTesting",
                "JoinFormFeature", "AppBarFeature", toolsOnly("ArgumentParser", "swift-argument-parser"),
            ]
                + allBrandTargets,
            swiftSettings: swiftSettings,
            plugins: brandList
        ),
        // The outside view: what an app sees. Only the libraries an app depends on, never @testable (CI checks).
        .testTarget(
            name: "OutsideViewTests",
            dependencies: [
                "LiveryComposition", "LiveryCore", "JoinFormFeature", "AppBarFeature", "AddressLookupFeature",
                "BrandDeclarations",
            ]
                + allBrandTargets,
            swiftSettings: swiftSettings
        ),
        // The scenario runner, the brand executables' commands and the engines' name tables as the tools read them.
        .testTarget(
            name: "LiveryScenariosTests",
            dependencies: [
                "LiveryScenarios", "LiveryComposition", "LiveryConsole", "JoinFormFeature", "AppBarFeature",
                "AddressLookupFeature",
            ] + allBrandTargets,
            swiftSettings: swiftSettings, plugins: brandList),
        // The documentation: every Swift sample of the markdown compiled (Samples/, written from it), every whole
        // scenario in it run, every relative link resolved, every break of the API an app links explained.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "LiveryCore", "LiveryWire", "JoinFormFeature", "AddressLookupFeature", "AppBarFeature",
                "LiveryComposition", "BrandDeclarations", "LiveryTesting", "LiveryScenarios", "LiveryConsole",
            ] + allBrandTargets,
            swiftSettings: swiftSettings, plugins: brandList),
        .testTarget(
            name: "LiveryCoreTests",
            dependencies: ["LiveryCore", "LiveryTesting", "LiveryWire"],
            swiftSettings: swiftSettings
        ),
    ] + brandTargets
)
