import ArgumentParser
import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryScenarios
import LiveryTesting
import LiveryWorkshop
import Testing

@Suite("livery doctor checks market packs and points at the line")
struct MarketDoctorTests {
    @Test("every pack of the checkout passes")
    func shippedPacksPass() throws {
        let reports = MarketDoctor.check(folder: MarketDoctor.packFolder(in: try PackageCheckout.current()))
        #expect(reports.map(\.code) == ["AU", "GB", "NZ"])
        #expect(reports.allSatisfy { $0.passed }, "\(reports.flatMap(\.problems))")
    }

    @Test("a pack beside the shipped ones: a bad pattern and a postcode its pattern refuses are named with their lines")
    func badPacks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/Packs/gb.json")
        let gb = try String(contentsOf: shipped, encoding: .utf8)
        let brokenPattern = gb.replacingOccurrences(of: #""code": "GB""#, with: #""code": "XA""#)
            .replacingOccurrences(of: #""pattern": "[A-Z]{1,2}"#, with: #""pattern": "[A-Z]{1,2"#)
        try Data(brokenPattern.utf8).write(to: folder.appendingPathComponent("xa.json"))
        let wrongPostcodes = gb.replacingOccurrences(of: #""code": "GB""#, with: #""code": "XB""#)
            .replacingOccurrences(of: "gb-addresses.tsv", with: "xb-addresses.tsv")
        try Data(wrongPostcodes.utf8).write(to: folder.appendingPathComponent("xb.json"))
        let addresses = "XB-1\tXB\t\t1\tHigh Street\tAmbridge\t\tNOT A CODE\n"
        try Data(addresses.utf8).write(to: folder.appendingPathComponent("xb-addresses.tsv"))

        let reports = MarketDoctor.check(folder: folder, known: try MarketCatalogue.shipped())
        #expect(reports.map(\.file) == ["xa.json", "xb.json"])
        let patternLine = try #require(
            brokenPattern.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains(#""pattern""#)
            })
        #expect(reports[0].problems.first?.hasPrefix("xa.json: line \(patternLine + 1): at postcode.pattern:") == true)
        #expect(reports[1].code == "XB")
        #expect(reports[1].problems.first?.contains("XB-1 has postcode 'NOT A CODE'") == true)
    }

    @Test("one file is checked whatever its name; a device or a malformed pack in a crowded folder does not read")
    func oneFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let packs = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/Packs")
        let gb = try String(contentsOf: packs.appendingPathComponent("gb.json"), encoding: .utf8)
        try Data(gb.utf8).write(to: folder.appendingPathComponent("my-market.txt"))
        for tsv in try FileManager.default.contentsOfDirectory(atPath: packs.path) where tsv.hasSuffix(".tsv") {
            try FileManager.default.copyItem(
                at: packs.appendingPathComponent(tsv), to: folder.appendingPathComponent(tsv))
        }
        try Data(#"{"code": "XD", "#.utf8).write(to: folder.appendingPathComponent("xd.json"))
        try Data(gb.utf8).write(to: folder.appendingPathComponent("crowd.json"))
        let shipped = try MarketCatalogue.shipped()

        let named = MarketDoctor.check(file: folder.appendingPathComponent("my-market.txt"), known: shipped)
        #expect(
            named.file == "my-market.txt" && named.code == "GB" && named.passed,
            "\(named.code ?? "-") \(named.problems)")
        let malformed = MarketDoctor.check(file: folder.appendingPathComponent("xd.json"), known: shipped)
        #expect(!malformed.read && !malformed.passed && malformed.problems.first?.contains("xd.json") == true)
        let device = MarketDoctor.check(file: URL(fileURLWithPath: "/dev/zero"), known: shipped)
        #expect(!device.read && device.problems.first?.contains("character device") == true, "\(device.problems)")
    }

    @Test(
        "livery doctor --market-pack: a pack that does not read is bad input (2), a folder with none checks nothing (2)"
    )
    func exitStatuses() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-packs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let packs = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/Packs")
        try FileManager.default.copyItem(
            at: packs.appendingPathComponent("nz.json"), to: folder.appendingPathComponent("kiwi.pack"))
        try Data(#"{"code": "#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let livery = try BuiltExecutable.named("livery")
        for (pack, status, said) in [
            ("kiwi.pack", ExitStatus.success, "kiwi.pack"), ("broken.json", ExitStatus.badInput, "broken.json"),
            ("/dev/zero", ExitStatus.badInput, "character device"), (".", ExitStatus.badInput, "broken.json"),
            ("empty", ExitStatus.badInput, "nothing was checked"),
            ("missing.json", ExitStatus.badInput, "does not exist"),
        ] {
            let run = try await ChildProcess.running(
                [livery.path, "doctor", "neds", "--market-pack", pack, "--no-colour"], in: folder, limit: .seconds(120))
            #expect(run.status == status, "\(pack): \(run.output)\(run.errors)")
            #expect((run.output + run.errors).contains(said), "\(pack): \(run.output)\(run.errors)")
        }
    }

    /// A folder holding `packs` (file name and text) and the shipped address files; its URL.
    private func folder(with packs: [(String, String)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-packs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shipped = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/Packs")
        for tsv in try FileManager.default.contentsOfDirectory(atPath: shipped.path) where tsv.hasSuffix(".tsv") {
            try FileManager.default.copyItem(
                at: shipped.appendingPathComponent(tsv), to: folder.appendingPathComponent(tsv))
        }
        for (name, text) in packs { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// GB's pack with its code (and the market its form starts from) changed.
    private func gb(code: String, like: String? = nil) throws -> String {
        let shipped = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/Packs/gb.json")
        var text = try String(contentsOf: shipped, encoding: .utf8)
            .replacingOccurrences(of: #""code": "GB""#, with: "\"code\": \"\(code)\"")
            .replacingOccurrences(of: ",\n    \"addresses\": \"gb-addresses.tsv\"", with: "")
        if let like {
            text = text.replacingOccurrences(of: #""like": "AU""#, with: "\"like\": \"\(like)\"")
        }
        return text
    }

    @Test(
        "two packs of one code, and a pack whose code is not its file's name, fail doctor at the code's line; the loader refuses them too"
    )
    func packsCannotLie() throws {
        let twice = try folder(with: [("xa.json", try gb(code: "XA")), ("xb.json", try gb(code: "XA"))])
        defer { try? FileManager.default.removeItem(at: twice) }
        let reports = MarketDoctor.check(folder: twice, known: try MarketCatalogue.shipped())
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { !$0.passed })
        let codeLine = try gb(code: "XA").split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#""code": "XA""#) }.map { $0 + 1 }
        #expect(
            reports[0].problems.contains {
                $0.contains("line \(codeLine ?? 0): at code:") && $0.contains("one pack a market")
            },
            "\(reports.flatMap(\.problems))")
        #expect(throws: DeclarationError.self) { try MarketCatalogue().adding(folder: twice) }

        let misnamed = try folder(with: [("xc.json", try gb(code: "XD"))])
        defer { try? FileManager.default.removeItem(at: misnamed) }
        let report = try #require(MarketDoctor.check(folder: misnamed, known: try MarketCatalogue.shipped()).first)
        #expect(report.problems.first?.contains("the pack's file must be xd.json") == true, "\(report.problems)")
        #expect(throws: DeclarationError.self) { try MarketCatalogue.shipped().adding(folder: misnamed) }
    }

    @Test(
        "a pack whose form starts from a pack named after it passes whatever the names' order, in doctor and the loader"
    )
    func orderDoesNotMatter() throws {
        let folder = try folder(with: [("xa.json", try gb(code: "XA", like: "XB")), ("xb.json", try gb(code: "XB"))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = MarketDoctor.check(folder: folder, known: try MarketCatalogue.shipped())
        #expect(reports.map(\.code) == ["XA", "XB"])
        #expect(reports.allSatisfy { $0.passed }, "\(reports.flatMap(\.problems))")
        #expect(try MarketCatalogue.shipped().adding(folder: folder).market(code: "XA") != nil)
    }

    @Test("a postcode pattern: the schema and the reader allow the same length; a bad one is named whole, with why")
    func patternLimitsAndReasons() throws {
        let schema = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/market.schema.json")
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: schema))
        let postcode = json["properties"]?["postcode"]?["properties"]
        #expect(postcode?["pattern"]?["maxLength"] == .number(Double(MarketPack.maximumPatternLength)))
        #expect(postcode?["example"]?["maxLength"] == .number(Double(MarketPack.maximumPostcodeLength)))

        let long = "(?:" + String(repeating: "[A-Z]", count: 60) + ")"
        let bad = "([A-Z]{1,2}" + String(repeating: "[0-9]", count: 14)
        for (pattern, expected) in [
            (long + "x", "at most \(MarketPack.maximumPatternLength)"), (bad, "'\(bad)' does not compile: expected"),
        ] {
            let text = try gb(code: "XE").replacingOccurrences(
                of: "[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2}", with: pattern)
            let folder = try folder(with: [("xe.json", text)])
            defer { try? FileManager.default.removeItem(at: folder) }
            let problems = MarketDoctor.check(folder: folder, known: try MarketCatalogue.shipped()).flatMap(\.problems)
            #expect(problems.contains { $0.contains(expected) }, "\(problems)")
        }
    }
}

/// One brand that cannot be loaded (its file, or its market's pack, does not
/// read) stops only itself: the tools still run every other brand.
@Suite("a broken brand stops only itself")
@MainActor
struct UnloadableBrandTests {
    private func composition() throws -> Composition {
        let loads: [(id: String, load: Result<BrandDefinition, DeclarationError>)] =
            try packageBrands().map { ($0.manifest.id.rawValue, .success($0)) } + [
                ("britbet", .failure(DeclarationError(file: "xx.json", path: "code", message: "a broken market pack")))
            ]
        return try ToolBrands.composition(loading: loads)
    }

    @Test("the others are registered; asking for the broken one names why")
    func namesWhy() throws {
        let composition = try composition()
        #expect(composition.registry.ids.map(\.rawValue) == packageBrandIDs.sorted())
        #expect(
            throws: CompositionError.unavailable(
                BrandID(rawValue: "britbet")!, "xx.json: at code: a broken market pack")
        ) {
            try composition.configuration(of: "Britbet")
        }
        do {
            _ = try ToolBrands.brand("britbet", in: composition)
            Issue.record("the broken brand was found")
        } catch {
            #expect("\(error)".contains("a broken market pack"))
        }
    }

    @Test("every brand's run and exploration go on past the broken one and end with exit 2")
    func everyBrandGoesOn() async throws {
        let composition = try composition()
        let explore = try ExploreOptions.parse(["--journeys", "2", "--seed", "1", "--jobs", "1"])
        await #expect(throws: ExitCode(2)) {
            try await explore.runEveryBrand(of: composition, terminal: Terminal(colour: false), command: ["explore"])
        }
        let run = try ScenarioRunOptions.parse(["--jobs", "1"])
        await #expect(throws: ExitCode(2)) {
            try await run.runEveryBrand(of: composition, terminal: Terminal(colour: false))
        }
    }
}
