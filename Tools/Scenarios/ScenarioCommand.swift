import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// Runs a brand's scenario files headlessly and prints a transcript: what
/// `livery run <brand>` and each brand's own executable do.
public struct ScenarioCommand: Sendable {
    /// The registered brands.
    public let composition: Composition
    /// The brand to run, as a person typed it.
    public let brand: String
    /// Scenario files to run; empty means every file of the brand.
    public let files: [String]
    /// Machine-readable JSON instead of the readable transcript.
    public let json: Bool
    /// Colour on (`true`), off (`false`), or as ``Terminal`` decides (`nil`: by `NO_COLOR` and whether output is a terminal).
    public let colour: Bool?
    /// Where the brands' scenario folders are; `nil` means `Tests/Scenarios` of this checkout.
    public let scenariosDirectory: String?
    /// The server to run against, or `nil` for embedded services.
    public let backend: HTTPServiceConfiguration?
    /// Whether to report journey coverage: what the scenarios reached of
    /// everything the brand's engines can produce.
    public let coverage: Bool

    /// A command.
    public init(composition: Composition, brand: String, files: [String] = [], json: Bool = false,
                colour: Bool? = nil, scenariosDirectory: String? = nil, backend: HTTPServiceConfiguration? = nil,
                coverage: Bool = false) {
        self.backend = backend
        self.coverage = coverage
        self.composition = composition
        self.brand = brand
        self.files = files
        self.json = json
        self.colour = colour
        self.scenariosDirectory = scenariosDirectory
    }

    /// Runs the scenarios; the exit status: 0 when every scenario passed, 1
    /// when one failed, 2 when the input was bad (unknown brand, unreadable
    /// or malformed file).
    ///
    /// Every file is read and checked before any runs, so a typo anywhere
    /// stops the run with all the errors at once.
    @MainActor
    public func run() async -> Int32 {
        let started = ContinuousClock.now
        let transcript = Transcript(colour: Terminal(colour: colour).colour)
        let brandID: String
        do {
            brandID = try composition.registry.plugin(named: brand).manifest.id.rawValue
        } catch {
            ExitStatus.writeError("error: \(error)")
            return 2
        }
        let runner = ScenarioRunner(composition: composition, backend: backend)
        let paths = files.isEmpty ? ScenarioLibrary.files(for: brandID, root: scenariosDirectory) : files
        guard !paths.isEmpty else {
            let folder = ScenarioLibrary.scenariosDirectory(root: scenariosDirectory) + "/" + brandID
            report(errors: [ScenarioInputError(file: folder, line: 0, message: "no scenario files (*.yaml) found")],
                   brand: brandID, transcript: transcript)
            return 2
        }
        var scenarios: [Scenario] = []
        var errors: [ScenarioInputError] = []
        do {
            let vocabulary = try runner.vocabulary(for: brandID, file: paths[0])
            for path in paths {
                do {
                    scenarios.append(try runner.load(path, brand: brandID, vocabulary: vocabulary))
                } catch {
                    errors.append(error)
                }
            }
        } catch {
            errors.append(error)
        }
        if errors.isEmpty, let refused = await runner.checkSeeding(scenarios) { errors.append(refused) }
        guard errors.isEmpty else {
            report(errors: errors, brand: brandID, transcript: transcript)
            return 2
        }
        if !json { print(transcript.heading(brand: brandID, count: scenarios.count)) }
        var results: [ScenarioResult] = []
        for scenario in scenarios {
            let result = await runner.run(scenario)
            results.append(result)
            if !json { print(transcript.lines(for: result, fileName: scenario.fileName).joined(separator: "\n")) }
        }
        let passed = results.count(where: \.passed)
        let elapsed = ScenarioRunner.milliseconds(ContinuousClock.now - started)
        let measured = coverage ? journeyCoverage(of: brandID, results) : nil
        if json {
            print(JSONReport(brand: brandID, scenarios: results, errors: [], passed: passed, failed: results.count - passed,
                             elapsedMilliseconds: elapsed, coverage: measured.map(JSONReport.Coverage.init)).encoded())
        } else {
            print(transcript.summary(passed: passed, failed: results.count - passed, milliseconds: elapsed))
            if let measured { print(transcript.coverage(measured)) }
        }
        return passed == results.count ? 0 : 1
    }

    /// What `results` reached of everything `brand`'s engines can produce.
    func journeyCoverage(of brand: String, _ results: [ScenarioResult]) -> JourneyCoverage? {
        guard let configuration = try? composition.configuration(of: brand) else { return nil }
        var reach = Reach()
        for result in results { reach.formUnion(result.reach) }
        return JourneyCoverage(brand: brand, universe: CoverageUniverse(configuration), reach: reach)
    }

    private func report(errors: [ScenarioInputError], brand: String, transcript: Transcript) {
        if json {
            let entries = errors.map { JSONReport.InputErrorEntry(file: $0.file, line: $0.line, message: $0.message) }
            print(JSONReport(brand: brand, scenarios: [], errors: entries, passed: 0, failed: 0, elapsedMilliseconds: 0,
                             coverage: nil).encoded())
        } else {
            let text = errors.map(transcript.error).joined(separator: "\n") + "\n"
            FileHandle.standardError.write(Data(text.utf8))   // each error made printable by the transcript
        }
    }
}
