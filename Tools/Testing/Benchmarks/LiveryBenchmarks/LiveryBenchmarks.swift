@_spi(Benchmarks) import AddressLookupFeature
import Benchmark
import BenchmarkForms
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryScenarios
import LiveryTesting
import NedsBrand

// Livery's benchmarks, each beside its baseline in the same run.
// Run: swift package --allow-writing-to-package-directory benchmark
// Figures and what they mean: Tools/Testing/Benchmarks/BENCHMARKS.md.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 20_000)
    validation()
    keystrokes()
    assembly()
    journeys()
    suites()
    addressSearch()
    processes()
}

// MARK: 1. Whole-form validation

func validation() {
    for (label, values) in [("valid", TenFieldForm.valid), ("invalid", TenFieldForm.invalid)] {
        let form = Box(TenFieldForm.form(values))
        let expected = TenFieldForm.validateAndRender(&form.value)
        precondition((expected == 0) == (label == "valid"))
        Benchmark("1 ten-field form \(label), messages read: Livery") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(TenFieldForm.validateAndRender(&form.value)) }
        }
        let validator = ReflectiveValidation.Validator(.init(values))
        precondition(validator.isValid == (label == "valid"))
        Benchmark("1 ten-field form \(label), messages read: reflection-style baseline") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(validator.validateAndRender()) }
        }
    }
    let today = Date(timeIntervalSince1970: 1_780_272_000)  // 2026-06-01
    for (label, values) in [("valid", SixFieldForm.valid), ("invalid", SixFieldForm.invalid)] {
        let form = Box(SixFieldForm.form(values))
        let expected = SixFieldForm.validateAndRender(&form.value)
        precondition((expected == 0) == (label == "valid"))
        Benchmark("1 six-field form \(label), messages read: Livery") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SixFieldForm.validateAndRender(&form.value)) }
        }
        let names = Set(SixFieldForm.names.map(\.rawValue))
        Benchmark("1 six-field form \(label): naive baseline") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(NaiveValidator.validateAll(values, today: today, only: names))
            }
        }
    }
    typedForms()
    patterns()
    for (label, values) in [("valid", Inputs.valid), ("invalid", Inputs.invalid)] {
        let form = Box(standardForm(values))
        Benchmark("1 validateAll AU \(label): Livery") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(form.value.validateAll()) }
        }
        Benchmark("1 validateAll AU \(label): naive baseline") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(NaiveValidator.validateAll(values, today: today)) }
        }
    }
}

/// Six typed fields an app writes in code (text, a `CalendarDay`, its own enum, a tick; Core's rules with its
/// own messages) beside the same fields and rules in the style of reflection-based validation libraries.
func typedForms() {
    for (label, values) in [("valid", TypedSixFieldForm.valid), ("invalid", TypedSixFieldForm.invalid)] {
        let form = Box(TypedSixFieldForm.form(values))
        let expected = TypedSixFieldForm.validateAndRender(&form.value)
        precondition((expected == 0) == (label == "valid"))
        Benchmark("1 typed six-field form \(label), messages read: Livery") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(TypedSixFieldForm.validateAndRender(&form.value)) }
        }
        let validator = ReflectiveTypedValidator(values)
        precondition(validator.validateAndRender() == expected)
        Benchmark("1 typed six-field form \(label), messages read: reflection-style baseline") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(validator.validateAndRender()) }
        }
    }
}

/// The name pattern of the standard forms on a valid and an invalid name: the rule (compiled) beside ICU
/// matching the same pattern, compiled once, as the rule did before patterns were compiled.
func patterns() {
    let pattern = "[\\p{L}][\\p{L}' .-]*"
    let rule = try! PatternRule(pattern)
    let expression = try! NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
    for (label, text) in [("valid", "Mary-Jane O'Brien"), ("invalid", "Al3x")] {
        Benchmark("1 name pattern, \(label) name: Livery") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(rule.check(text, in: .standalone)) }
        }
        Benchmark("1 name pattern, \(label) name: ICU baseline") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
            }
        }
    }
}

// MARK: 2. Keystroke path

/// Each sample types or deletes one character in a field shown as invalid,
/// so every keystroke is formatted and re-checked (reward early, punish late).
func keystrokes() {
    let cases:
        [(
            field: String, format: DisplayFormat, shortText: String, longText: String,
            naive: @Sendable (String) -> String
        )] = [
            ("mobile", .mobile, "04123456", "041234567", NaiveFormatter.mobile),
            ("dateOfBirth", .dateOfBirth, "010220", "0102201", NaiveFormatter.dateOfBirth),
        ]
    for item in cases {
        let name = FieldName(rawValue: item.field)
        let journey = Box<JoinFormStore?>(nil)
        let toggle = Box(false)
        // Each sample is one keystroke right after hopping to the main actor (caches cold), or a burst of
        // 1,000 keystrokes, as in steady typing (each figure per keystroke).
        for (label, scaling) in [("", BenchmarkScalingFactor.one), (", typing a burst", .kilo)] {
            Benchmark(
                "2 keystroke \(item.field): store send(.change)\(label)",
                configuration: .init(scalingFactor: scaling)
            ) { benchmark in
                if journey.value == nil {
                    let runtime = try await Composition([NedsBrand.load()]).assemble(
                        "neds", on: .embedded(EmbeddedWorld())
                    )
                    .runtime
                    try await MainActor.run {
                        let store = try runtime.joinForm()
                        store.send(.focus(.field(name)))
                        store.send(.change(.field(name), item.shortText))
                        store.send(.unfocus)
                        store.send(.focus(.field(name)))
                        journey.value = store
                    }
                }
                // The benchmark runs one sample at a time; the store is driven where it lives, on the main actor.
                nonisolated(unsafe) let measured = benchmark
                await MainActor.run {
                    let target = journey.value!
                    measured.startMeasurement()
                    for _ in measured.scaledIterations {
                        toggle.value.toggle()
                        target.send(.change(.field(name), toggle.value ? item.longText : item.shortText))
                    }
                    measured.stopMeasurement()
                    precondition(target.state.field(name)?.status.kind == .invalid)
                }
            }
        }
        let field = Box(standardForm([item.field: item.shortText]).field(FieldKey<String>(name))!)
        field.value.validate()
        Benchmark("2 keystroke \(item.field): Core format + setValue") { benchmark in
            for _ in benchmark.scaledIterations {
                toggle.value.toggle()
                let formatted = item.format.format(toggle.value ? item.longText : item.shortText, market: .australia)
                blackHole(field.value.setValue(formatted))
            }
            precondition(field.value.status.kind == .invalid)
        }
        let settings = NaiveValidator.fields.first { $0["name"] as? String == item.field }!
        nonisolated(unsafe) let naiveSettings = settings
        let today = Date(timeIntervalSince1970: 1_780_272_000)
        Benchmark("2 keystroke \(item.field): naive baseline") { benchmark in
            for _ in benchmark.scaledIterations {
                toggle.value.toggle()
                let formatted = item.naive(toggle.value ? item.longText : item.shortText)
                blackHole(
                    NaiveValidator.validateField(
                        fieldName: item.field, value: formatted, apiField: naiveSettings,
                        today: today))
            }
        }
    }
}

// MARK: 3. Runtime assembly

/// Every brand Package.swift lists, each read from its `brand.json` (none when one does not read).
func allBrands() -> [any BrandPlugin] { (try? packageBrands()) ?? [] }

func assembly() {
    Benchmark("3 read every brand.json and register the brands") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Composition(packageBrands())) }
    }
    let composition = try! Composition(allBrands())
    Benchmark("3 assemble(neds) on embedded services (index already loaded)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await composition.assemble("neds", on: .embedded(EmbeddedWorld())))
        }
    }
    Benchmark("3 register + assemble(neds) + joinForm() first state") { benchmark in
        for _ in benchmark.scaledIterations {
            let assembled = try await Composition(allBrands()).assemble("neds", on: .embedded(EmbeddedWorld()))
            blackHole(try await MainActor.run { try assembled.runtime.joinForm().state })
        }
    }
    Benchmark(
        "3 bundled address index, loaded from its prepared form (once per process)",
        configuration: .init(maxDuration: .seconds(5), maxIterations: 200)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try EmbeddedAddressLookupService.bundled()) }
    }
    let dataset = SourceTree.url("Tools/Developer/AddressData/addresses.tsv")
    Benchmark(
        "3 bundled address index, built from the dataset (baseline)",
        configuration: .init(maxDuration: .seconds(5), maxIterations: 30)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let text = try String(contentsOf: dataset, encoding: .utf8)
            blackHole(
                EmbeddedAddressLookupService(
                    addresses: try AddressDataset.parse(
                        text, shapes: ["AU": Market.australia.address, "NZ": Market.newZealand.address])))
        }
    }
}

// MARK: 4. Full journeys

func journeys() {
    let composition = try! Composition(allBrands())
    for plugin in allBrands() {
        let id = plugin.manifest.id.rawValue
        let market = plugin.manifest.market
        Benchmark(
            "4 full journey \(id) (assemble, 2 pages, address, sign-up)",
            configuration: .init(maxDuration: .seconds(3), maxIterations: 2_000)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await runJourney(composition, brand: id, market: market))
            }
        }
    }
}

/// Every brand's scenario files, read and run in one process on embedded
/// services (the address index loaded once, as in any long-lived process).
func suites() {
    let composition = try! Composition(allBrands())
    let brands = allBrands().map(\.manifest.id.rawValue)
    Benchmark(
        "4 every brand's scenarios in one process",
        configuration: .init(maxDuration: .seconds(5), maxIterations: 100)
    ) { benchmark in
        let runner = ScenarioRunner(composition: composition)
        for _ in benchmark.scaledIterations {
            for brand in brands {
                for file in ScenarioLibrary.files(for: brand) {
                    let result = try await runner.run(file: file, brand: brand)
                    precondition(result.passed, "\(file) failed")
                }
            }
        }
    }
}

// MARK: 5. Address search

func addressSearch() {
    let queries: [(String, Market)] = [
        ("12 Smith St", .australia), ("3/12 smith st collingwood", .australia),
        ("47 Collins Road", .newZealand), ("Queen", .newZealand), ("xzqv", .australia),
    ]
    let typos: [(String, Market)] = [
        ("12 Smtih St", .australia), ("3/12 smith st colingwood", .australia),
        ("47 Colins Road", .newZealand), ("Quene Street", .newZealand),
        ("Acacai Street", .australia),
    ]
    // Each size's addresses and index are made in the setup of the benchmarks that use them, so that
    // registering the benchmarks (and running a filtered few under a profiler) stays cheap.
    for (label, size) in [("5k", 5_000), ("11k bundled", nil), ("500k", 500_000)] as [(String, Int?)] {
        let searched = Box<(service: EmbeddedAddressLookupService, naive: NaiveAddressSearch)?>(nil)
        let setUp: @Sendable () async throws -> Void = {
            guard searched.value == nil else { return }
            let bundled = try AddressDataset.bundled()
            let addresses =
                size.map { $0 <= bundled.count ? Array(bundled.prefix($0)) : generatedAddresses($0, from: bundled) }
                ?? bundled
            let texts = addresses.map {
                "\($0.unit.map { "\($0)/" } ?? "")\($0.streetNumber) \($0.street) \($0.postcode)"
            }
            searched.value = (EmbeddedAddressLookupService(addresses: addresses), NaiveAddressSearch(texts: texts))
        }
        let position = Box(0)
        func search(
            _ name: String, _ list: [(String, Market)],
            configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
            _ run: @escaping @Sendable (EmbeddedAddressLookupService, NaiveAddressSearch, String, Market) -> Void
        ) {
            Benchmark(
                "5 address search \(label): \(name)", configuration: configuration,
                closure: { benchmark in
                    let (service, naive) = searched.value!
                    for _ in benchmark.scaledIterations {
                        position.value = (position.value + 1) % list.count
                        let (query, market) = list[position.value]
                        run(service, naive, query, market)
                    }
                }, setup: setUp)
        }
        search("embedded index", queries) { service, _, query, market in
            blackHole(service.search(query, in: market, limit: 8))
        }
        search("every candidate scored (baseline)", queries) { service, _, query, market in
            blackHole(service.searchScoringEveryCandidate(query, in: market, limit: 8))
        }
        search("embedded index, one typo per query", typos) { service, _, query, market in
            blackHole(service.search(query, in: market, limit: 8))
        }
        let scan =
            (size ?? 0) <= 20_000
            ? Benchmark.Configuration(maxDuration: .seconds(3), maxIterations: 500)
            : Benchmark.Configuration(maxDuration: .seconds(5), maxIterations: 25)
        search("naive linear scan", queries, configuration: scan) { _, naive, query, _ in
            blackHole(naive.search(query, limit: 8))
        }
        guard size == nil else { continue }
        // Hostile queries: the longest and the wordiest a search field sends, and a pasted 16k-letter word given to
        // the index without the bounds (the one-edit search once made that quadratic: 8.8 s).
        let long: [(String, Market)] = [
            (String(repeating: "kirribilli", count: 20), .australia),
            (String(repeating: "queenstreet", count: 18), .newZealand),
        ]
        let wordy: [(String, Market)] = [
            ("3 12 smith street collingwood vic 3066 australia unit flat north south", .australia),
            ("unit 4 47 collins road newtown wellington 6021 new zealand north island", .newZealand),
        ]
        let pasted: [(String, Market)] = [(String(repeating: "smithstreet", count: 1_500), .australia)]
        search("a 200-letter word", long) { service, _, query, market in
            blackHole(service.search(query, in: market, limit: 8))
        }
        search("12 words", wordy) { service, _, query, market in blackHole(service.search(query, in: market, limit: 8))
        }
        search("a 16k-letter word, bounds not applied", pasted) { service, _, query, market in
            blackHole(service.searchIgnoringBounds(query, in: market, limit: 8))
        }
    }
}

// MARK: 3/4. Processes (release products; built first by `swift build -c release --product <brand>` and `--product StartupFloor`)

func processes() {
    let release = FileManager.default.currentDirectoryPath + "/.build/release/"
    let firstState = NSTemporaryDirectory() + "livery-first-state.yaml"
    try? "scenario: Process start to the first state\nbrand: neds\nsteps:\n  - expect: { page: details }\n"
        .write(toFile: firstState, atomically: true, encoding: .utf8)
    let process = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 40)
    Benchmark("3 process spawn floor: /bin/true (baseline)", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try runProcess("/bin/true", [])) }
    }
    if FileManager.default.isExecutableFile(atPath: release + "StartupFloor") {
        Benchmark(
            "3 process start floor: Swift, Foundation and FoundationNetworking loaded, nothing run (baseline)",
            configuration: process
        ) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try runProcess(release + "StartupFloor", [])) }
        }
    }
    guard FileManager.default.isExecutableFile(atPath: release + "neds") else {
        print("note: build the brand products in release first for the process benchmarks")
        return
    }
    Benchmark("3 process start to first state: neds one-step scenario", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations {
            let status = try runProcess(release + "neds", [firstState])
            precondition(status == 0)
        }
    }
    for brand in brands where FileManager.default.isExecutableFile(atPath: release + brand) {
        Benchmark("4 process \(brand): all its scenarios", configuration: process) { benchmark in
            for _ in benchmark.scaledIterations {
                let status = try runProcess(release + brand, ["--jobs", "1"])
                precondition(status == 0)
            }
        }
    }
    scenarioJobs(release: release, configuration: process)
}

/// Every brand Package.swift lists.
let brands = packageBrandIDs

/// Every brand's scenarios, one file at a time and side by side (`--jobs`),
/// embedded and against one release sandbox started for the benchmark
/// (`livery-server sandbox`, when it is built in release).
func scenarioJobs(release: String, configuration: Benchmark.Configuration) {
    let cores = String(ProcessInfo.processInfo.activeProcessorCount)
    /// Runs every brand's executable with `arguments`: one brand after another, or `times` of each at once (`together`).
    @Sendable func runBrands(_ arguments: [String], times: Int = 1, together: Bool = true) throws {
        guard together else {
            for brand in brands {
                let status = try runProcess(release + brand, arguments)
                precondition(status == 0, "\(brand)'s scenarios failed")
            }
            return
        }
        let processes = try (0..<times).flatMap { _ in try brands.map { try startProcess(release + $0, arguments) } }
        for process in processes {
            process.waitUntilExit()
            precondition(process.terminationStatus == 0, "a brand's scenarios failed")
        }
    }
    Benchmark("4 process all four brands: every scenario, one file at a time (--jobs 1)", configuration: configuration)
    { benchmark in
        for _ in benchmark.scaledIterations { try runBrands(["--jobs", "1"], together: false) }
    }
    Benchmark(
        "4 process all four brands: every scenario, files side by side (--jobs \(cores))", configuration: configuration
    ) { benchmark in
        for _ in benchmark.scaledIterations { try runBrands(["--jobs", cores], together: false) }
    }
    guard FileManager.default.isExecutableFile(atPath: release + "livery-server") else {
        print(
            "note: build livery-server in release (swift build -c release --product livery-server) for the sandbox benchmarks"
        )
        return
    }
    let sandbox = Box<SandboxProcess?>(nil)
    let setUp: @Sendable () async throws -> Void = {
        sandbox.value = try SandboxProcess.start(release + "livery-server")
    }
    let tearDown: @Sendable () async throws -> Void = {
        sandbox.value?.stop()
        sandbox.value = nil
    }
    let served = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 10)
    for (label, jobs, times) in [
        ("one file at a time (--jobs 1)", "1", 1), ("files side by side (--jobs \(cores))", cores, 1),
        ("twice at once, files side by side (--jobs \(cores))", cores, 2),
    ] {
        Benchmark(
            "4 process all four brands against one sandbox: every scenario, \(label)", configuration: served,
            closure: { benchmark in
                let url = sandbox.value!.url
                for _ in benchmark.scaledIterations {
                    try runBrands(["--jobs", jobs, "--backend", url], times: times, together: times > 1)
                }
            }, setup: setUp, teardown: tearDown)
    }
}
