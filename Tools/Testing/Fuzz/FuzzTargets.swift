import AddressLookupFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
@_spi(Fuzzing) import LiveryCore
import LiveryScenarios
import LiveryWire
import MarketPacks
import NedsBrand
import ServerInputs

/// The inputs Livery reads from outside, each as a fuzz target: bytes in, and
/// either a value or a clear error out — never a crash, a hang or a leak.
/// Where there is a property to hold, a broken one stops the run like a crash.
enum FuzzTarget: String, CaseIterable {
    /// A form definition's JSON, as a brand or a server supplies it.
    case formDefinition = "form-definition"
    /// A scenario file, read for Neds.
    case scenario
    /// A Harmony address answer body, read as a find and as a retrieve answer.
    case harmony
    /// A sandbox request body, read as each body the sandbox accepts.
    case sandboxBody = "sandbox-body"
    /// A username: the availability check and registration must give it the
    /// same rule codes, and its look-alike key must be stable.
    case username
    /// An address query (UTF-8) searched in both markets' bundled index: at
    /// most the limit's suggestions, none for a query beyond the bounds, and
    /// the search field's limit keeps a query within them.
    case addressQuery = "address-query"
    /// A sandbox `--database` value: a SQLite path or a `postgres://` URL,
    /// whose printed form never shows its password.
    case databaseURL = "database-url"
    /// A brand file (JSON) with a logo beside it: a brand it accepts is
    /// written back and read again to the same brand.
    case brandFile = "brand-file"
    /// A logo (SVG text): one it accepts holds no script, style sheet, embedded
    /// document, entity declaration or image of another file.
    case logo
    /// A pattern and a text (the first line, then the rest): a pattern rule's
    /// automaton answers as ICU does (a pattern it does not take is ICU's
    /// alone, and left out).
    case pattern
    /// A market pack (JSON), read beside the shipped packs: one it accepts keeps
    /// its own examples (its mobile number and postcode pass its own rules).
    case marketPack = "market-pack"
    /// A request line's target, as a guarded server reads it: one it takes for
    /// a canonical path is one, by a second reading written another way.
    case requestTarget = "request-target"
    /// A fault value (a scenario's, a flag's, a seed's): the parser and the
    /// pattern the contract publishes for it take the same ones, and a plan
    /// reads back the same from its own values.
    case fault

    /// A canonical path read as a list of segments rather than byte by byte: a
    /// path (then `?` and anything) whose segments between single slashes are
    /// non-empty, not `.` or `..`, and of letters, digits and `- . _ ~` only.
    static func isCanonical(_ target: String) -> Bool {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".unicodeScalars)
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".." && segment.unicodeScalars.allSatisfy(allowed.contains)
        }
    }

    /// Runs one input.
    func run(_ data: Data) {
        switch self {
        case .formDefinition:
            _ = try? FormDefinition.load(json: data)
        case .scenario:
            _ = try? Fixtures.scenarios.parse(String(decoding: data, as: UTF8.self), file: "fuzz.yaml")
        case .harmony:
            _ = try? HarmonyAddressLookupService.suggestions(inFindAnswer: data, limit: 8)
            for market in Fixtures.markets.markets.values {
                _ = try? HarmonyAddressLookupService.address(inRetrieveAnswer: data, id: "fuzz", in: market)
            }
        case .sandboxBody:
            _ = try? BodyDecoding.decode(RegistrationRequest.self, from: data)
            _ = try? BodyDecoding.decode(SeedRequest.self, from: data)
            _ = (try? BodyDecoding.decode(AccountDetails.self, from: data))?.balanceIsWellFormed
            _ = try? BodyDecoding.decode(BetslipCount.self, from: data)
            _ = try? BodyDecoding.decode(AddressRequest<AddressFindItem>.self, from: data)
            _ = try? BodyDecoding.decode(AddressRequest<AddressRetrieveItem>.self, from: data)
        case .username:
            let name = String(decoding: data, as: UTF8.self)
            let checked = Fixtures.validator.usernameViolations(name)
            let registered =
                Fixtures.validator.violations(in: Fixtures.registration.merging(["username": name]) { $1 })["username"]
                ?? []
            guard checked == registered else {
                fatalError(
                    "the check and registration disagree on \(name.debugDescription): \(checked) vs \(registered)")
            }
            let key = UsernameKey(name)
            guard UsernameKey(key.rawValue) == key else {
                fatalError(
                    "the look-alike key of \(name.debugDescription) is not stable: \(key) then \(UsernameKey(key.rawValue))"
                )
            }
        case .addressQuery:
            let query = String(decoding: data, as: UTF8.self)
            let bounded = AddressQuery.isWithinBounds(query)
            for market in Fixtures.markets.markets.values {
                let found = Fixtures.addresses.search(query, in: market, limit: 8)
                guard found.count <= 8, bounded || found.isEmpty else {
                    fatalError(
                        "\(found.count) suggestions for a query of \(query.utf8.count) bytes (within bounds: \(bounded))"
                    )
                }
            }
            let typed = AddressQuery.limited(query)
            guard typed.count <= AddressQuery.maximumCharacters, query.hasPrefix(typed) else {
                fatalError("the search field took \(typed.count) characters of \(query.utf8.count) bytes")
            }
        case .marketPack:
            guard
                let market = try? MarketPack.read(
                    json: data, file: "fuzz.json", folder: Fixtures.marketFolder, known: Fixtures.markets.markets)
            else { return }
            guard market.mobile.isMobileNumber(market.mobile.example), market.postcode.matches(market.postcode.example)
            else { fatalError("an accepted pack's own examples fail its rules") }
        case .brandFile:
            guard let brand = try? BrandDefinition.read(json: data, file: "fuzz.json", folder: Fixtures.logoFolder)
            else { return }
            let again = try? BrandDefinition.read(
                json: Data(brand.fileDocument().formatted().utf8), file: "again.json",
                folder: .files(brand.companionFiles))
            guard again == brand else { fatalError("an accepted brand does not read back the same from its own file") }
        case .logo:
            guard let logo = try? BrandLogo(svg: String(decoding: data, as: UTF8.self)) else { return }
            let text = logo.svg.lowercased()
            for marker in ["<script", "<foreignobject", "<!entity", "<style", "<image", "<iframe"]
            where text.contains(marker) {
                fatalError("a logo holding \(marker) was accepted: \(logo.svg.prefix(200))")
            }
        case .pattern:
            let input = String(decoding: data, as: UTF8.self)
            let lines = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            // Short texts: ICU backtracks, and some patterns take it time exponential in the text's length.
            // A pattern the automaton does not take is answered by ICU alone: nothing to compare, and ICU may
            // take seconds over it (a loop that can match nothing), so it is left out.
            guard lines.count == 2, lines[0].utf8.count <= 128, lines[1].utf8.count <= 16,
                let rule = try? PatternRule(String(lines[0])), rule.answersWithoutICU,
                let icu = try? NSRegularExpression(pattern: "\\A(?:\(lines[0]))\\z")
            else { return }
            let text = String(lines[1])
            let matched = icu.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            guard (rule.check(text, in: .standalone) == nil) == matched else {
                fatalError("/\(lines[0])/ on \(text.debugDescription): the rule says \(!matched), ICU \(matched)")
            }
        case .requestTarget:
            let target = String(decoding: data, as: UTF8.self)
            let taken = CanonicalPath.problem(in: target) == nil
            guard taken == Self.isCanonical(target) else {
                fatalError(
                    "the request target \(target.debugDescription) is taken: \(taken), by a second reading: \(!taken)")
            }
        case .fault:
            let text = String(decoding: data, as: UTF8.self)
            let plan = try? FaultPlan.parse(faults: [text])
            guard (plan != nil) == (Fixtures.faultPattern.check(text, in: .standalone) == nil) else {
                fatalError("the fault \(text.debugDescription) parses: \(plan != nil); its pattern says otherwise")
            }
            if let plan, (try? FaultPlan.parse(faults: plan.specs)) != plan {
                fatalError("the plan of \(text.debugDescription) does not read back from \(plan.specs)")
            }
        case .databaseURL:
            guard case .postgres(let location)? = try? SandboxDatabase.parse(String(decoding: data, as: UTF8.self))
            else { return }
            guard (1...65535).contains(location.port) else { fatalError("port \(location.port) accepted") }
            // The password may legitimately appear inside the database name or the host, so the check
            // is on the one place it would show: everything before the host is the user and "***".
            if location.password != nil,
                !location.description.hasPrefix("postgres://\(location.username):***@\(location.host):")
            {
                fatalError("the printed location shows its password: \(location.description)")
            }
        }
    }
}

/// What the targets read against, built once.
enum Fixtures {
    /// The fault grammar's published pattern, compiled once.
    static let faultPattern: PatternRule = {
        do {
            return try PatternRule(FaultPlan.pattern)
        } catch {
            fatalError("the fault pattern does not compile: \(error)")
        }
    }()

    static let neds: BrandConfiguration = {
        do {
            return try Composition([NedsBrand.load()]).configuration(of: "neds")
        } catch {
            fatalError("the Neds brand does not load: \(error)")
        }
    }()

    /// The bundled address index.
    static let addresses: EmbeddedAddressLookupService = {
        do {
            return try EmbeddedAddressLookupService.bundled().adding(markets.markets.values.flatMap(\.addresses))
        } catch {
            fatalError("the bundled address index does not load: \(error)")
        }
    }()

    /// A folder with a plain logo as `logo.svg`, for brand files that name
    /// one. Made per input from a literal: bytes kept in a static (in a
    /// closure or a dictionary) read as a leak to the fuzzer's leak checker.
    static var logoFolder: BrandFileFolder {
        .files(["logo.svg": Data(#"<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#.utf8)])
    }

    /// The shipped markets.
    static let markets = try! MarketCatalogue.shipped()

    /// The files beside the shipped packs (their address files).
    static var marketFolder: BrandFileFolder {
        ShippedMarketPacks.folder.map { .directory($0, limit: MarketPack.maximumAddressFileSize) } ?? .unavailable
    }

    /// Neds' scenario reader.
    static let scenarios = ScenarioReader(for: neds)

    /// The Australian standard form's registration check.
    static let validator = RegistrationValidator(
        definition: neds.bundledDefinition,
        environment: RuleEnvironment(
            market: neds.market, wallClock: .fixed(CalendarDay(year: 2026, month: 11, day: 23)!)))

    /// A valid Australian registration, whose username each input replaces.
    static let registration: [String: String] = [
        "title": "Ms", "firstName": "Ada", "lastName": "Lovelace", "dateOfBirth": "10/12/1990",
        "email": "ada@example.com", "mobile": "0412 345 678",
        "address.streetNumber": "12", "address.street": "Smith Street", "address.suburb": "Collingwood",
        "address.state": "VIC", "address.postcode": "3066",
        "username": "adalove", "password": "Analytical1!", "depositLimit": "declined", "marketingConsent": "false",
    ]
}

#if LIVERY_FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    private func libFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// libFuzzer's driver, with the target chosen by `LIVERY_FUZZ_TARGET`; every
    /// argument is libFuzzer's own (`-runs=`, `-max_total_time=`, corpus folders).
    @main
    struct FuzzDriver {
        static let target: FuzzTarget = {
            let name = ProcessInfo.processInfo.environment["LIVERY_FUZZ_TARGET"] ?? ""
            guard let target = FuzzTarget(rawValue: name) else {
                fatalError(
                    "set LIVERY_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return target
        }()

        static func main() {
            _ = target
            // Read once before fuzzing, so the fixtures' allocations are not counted against an input.
            _ = Fixtures.markets
            // One run on no input, so the target's one-time set-up (the address index it searches, loaded
            // on its first search) is neither timed against libFuzzer's first input nor counted as its leak.
            target.run(Data())
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                libFuzzerRunDriver(&argc, &argv) { bytes, count in
                    FuzzDriver.target.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
                    return 0
                })
        }
    }
#else
    /// Without libFuzzer: `LiveryFuzz <target> <file or folder>…` runs each file
    /// through the target once — to replay a crash, or the seed corpus.
    @main
    struct FuzzReplay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(
                    Data(
                        "usage: LiveryFuzz <\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))> <file or folder>…\n"
                            .utf8))
                exit(64)
            }
            var count = 0
            for path in arguments.dropFirst() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    FileHandle.standardError.write(Data("\(path): no such file or folder\n".utf8))
                    exit(66)
                }
                let files =
                    isFolder.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
                        path + "/" + $0
                    }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    target.run(data)
                    count += 1
                }
            }
            print("\(target.rawValue): \(count) inputs, no crash")
        }
    }
#endif

#if LIVERY_FUZZING
    @_silgen_name("LLVMFuzzerMutate")
    private func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

    /// Mutations that grow size and nesting, beside libFuzzer's byte-level ones:
    /// one input in four is wrapped in up to 2,000 levels of brackets, braces or
    /// YAML list dashes and mappings, or has a slice of itself repeated up to 500
    /// times; the rest go to libFuzzer's own mutator.
    @_cdecl("LLVMFuzzerCustomMutator")
    public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let input = Array(UnsafeBufferPointer(start: data, count: size))
        var output: [UInt8]
        switch random.next() % 8 {
        case 0:
            let (open, close) = [("[", "]"), ("{\"a\": ", "}"), ("{a: ", "}"), ("- ", ""), ("a:\n ", "")][
                Int(random.next() % 5)]
            let levels = Int(random.next() % 2_000) + 1
            output =
                Array(String(repeating: open, count: levels).utf8) + input
                + Array(String(repeating: close, count: levels).utf8)
        case 1 where size > 0:
            let start = Int(random.next() % UInt64(size))
            let length = Int(random.next() % UInt64(min(64, size - start))) + 1
            let slice = input[start..<(start + length)]
            output =
                Array(input[..<start])
                + Array(repeating: Array(slice), count: Int(random.next() % 500) + 1).flatMap { $0 }
                + Array(input[start...])
        default:
            return libFuzzerMutate(data, size, maxSize)
        }
        let count = min(output.count, maxSize)
        output.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: count) }
        return count
    }
#endif
