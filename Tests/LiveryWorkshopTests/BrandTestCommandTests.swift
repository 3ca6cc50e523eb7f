import Foundation
import LiveryConsole
import LiveryScenarios
import LiveryTesting
import Testing

/// `livery test <brand>` runs the brand's checks inside `livery`, as a brand team runs it right after the first
/// command: nothing is built, each check is a line, and a failure names the scenario, the line and what was shown.
@Suite("livery test: a brand's checks inside livery")
struct BrandTestCommandTests {
    @Test(
        "every check of a brand passes, a line each (the file, the theme, each scenario file); its own Swift tests are named"
    )
    func passes() async throws {
        let livery = try BuiltExecutable.named("livery")
        let run = try await ChildProcess.running(
            [livery.path, "test", "neds", "--no-colour"], in: thisCheckout.root, limit: .seconds(300))
        #expect(run.status == ExitStatus.success, "\(run.output)\(run.errors)")
        let files = ScenarioLibrary.fileNames(for: "neds")
        #expect(files.count >= 20)
        for file in files { #expect(run.output.contains("✔ scenario \(file)"), "\(file) was not checked") }
        #expect(run.output.contains("✔ theme, contrast and join form are fit to ship"))
        #expect(run.output.contains("neds: \(files.count + 3) checks passed"), "\(run.output)")
        #expect(run.output.contains("NedsToolboxTests.swift") && run.output.contains("--swift"), "\(run.output)")
        #expect(!run.output.contains("swift test --filter"), "nothing is built or run through swift without --swift")
    }

    @Test("a scenario that fails fails the command (exit 1), naming the file, the line and what was shown")
    func failure() async throws {
        let livery = try BuiltExecutable.named("livery")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("Tests/Scenarios/neds")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: thisCheckout.root.appendingPathComponent("Package.swift"),
            to: folder.appendingPathComponent("Package.swift"))
        let shipped = thisCheckout.root.appendingPathComponent("Tests/Scenarios/neds/04-taken-username.yaml")
        let text = try String(contentsOf: shipped, encoding: .utf8)
        #expect(text.contains("rules: [username.taken]"))
        try Data(text.replacingOccurrences(of: "rules: [username.taken]", with: "rules: [username.free]").utf8)
            .write(to: scenarios.appendingPathComponent("04-taken-username.yaml"))
        let run = try await ChildProcess.running(
            [livery.path, "test", "neds", "--no-colour"], in: folder, limit: .seconds(300))
        #expect(run.status == ExitStatus.failure, "\(run.output)\(run.errors)")
        #expect(run.output.contains("✘ scenario 04-taken-username.yaml"), "\(run.output)")
        #expect(run.output.contains("neds: 1 of 4 checks failed"), "\(run.output)")
        #expect(run.errors.contains("04-taken-username.yaml:"), "\(run.errors)")
        #expect(run.errors.contains("expected username.free, got username.taken"), "\(run.errors)")
    }

    @Test("an unknown brand is bad input (exit 2), with the closest name and the brands once")
    func unknownBrand() async throws {
        let livery = try BuiltExecutable.named("livery")
        let run = try await ChildProcess.running(
            [livery.path, "test", "nedz", "--no-colour"], in: thisCheckout.root, limit: .seconds(120))
        #expect(run.status == ExitStatus.badInput)
        #expect(run.errors.contains("unknown brand 'nedz' (did you mean 'neds'?); known brands:"), "\(run.errors)")
        #expect(run.errors.components(separatedBy: "betcha").count == 2, "the brands are listed once: \(run.errors)")
    }
}
