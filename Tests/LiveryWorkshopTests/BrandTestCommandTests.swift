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

    /// A `swift` on `PATH` in front of the toolchain's: it counts its calls in a file beside it and ends each
    /// call the way `endings` says, one word a call (`crash` dies of a segmentation fault as SwiftPM does
    /// when libdispatch faults, `fail` exits 1 as a failing test does, `pass` exits 0); the last word repeats.
    private func swiftThatEnds(_ endings: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            calls="$(dirname "$0")/calls"
            echo "$*" >> "$calls"
            set -- \(endings.joined(separator: " "))
            count=$(wc -l < "$calls")
            while [ "$count" -gt 1 ] && [ "$#" -gt 1 ]; do shift; count=$((count - 1)); done
            case "$1" in
                crash) kill -SEGV $$ ;;
                fail) exit 1 ;;
            esac
            exit 0

            """
        let path = folder.appendingPathComponent("swift")
        try Data(script.utf8).write(to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path.path)
        return folder
    }

    private func testWithSwift(_ fake: URL) async throws -> (run: ChildProcess, calls: [String]) {
        let livery = try BuiltExecutable.named("livery")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let run = try await ChildProcess.running(
            [livery.path, "test", "neds", "--swift", "--no-colour"], in: thisCheckout.root,
            environment: ["PATH": "\(fake.path):\(path)"], limit: .seconds(300))
        let calls = (try? String(contentsOf: fake.appendingPathComponent("calls"), encoding: .utf8)) ?? ""
        return (run, calls.split(separator: "\n").map(String.init))
    }

    @Test("SwiftPM dying of a signal is run again, saying so; the brand's Swift tests pass on the run that finishes")
    func toolchainCrashRunsAgain() async throws {
        let fake = try swiftThatEnds(["crash", "pass"])
        defer { try? FileManager.default.removeItem(at: fake) }
        let (run, calls) = try await testWithSwift(fake)
        #expect(run.status == ExitStatus.success, "\(run.output)\(run.errors)")
        #expect(calls == ["test --filter NedsBrandTests", "test --filter NedsBrandTests"])
        #expect(run.errors.contains("'swift test' crashed (signal 11), a fault of the tool"), "\(run.errors)")
        #expect(run.errors.contains("(attempt 2 of 3)"), "\(run.errors)")
        #expect(run.output.contains("✔ tested neds's Swift tests"), "\(run.output)")
    }

    @Test("SwiftPM crashing every time fails after three runs; a failure it reports is never run again")
    func crashesAndFailuresFail() async throws {
        let crashing = try swiftThatEnds(["crash"])
        defer { try? FileManager.default.removeItem(at: crashing) }
        let crashed = try await testWithSwift(crashing)
        #expect(crashed.run.status == ExitStatus.failure, "\(crashed.run.output)\(crashed.run.errors)")
        #expect(crashed.calls.count == 3)
        #expect(crashed.run.output.contains("✘ tested neds's Swift tests failed"), "\(crashed.run.output)")

        let failing = try swiftThatEnds(["fail", "pass"])
        defer { try? FileManager.default.removeItem(at: failing) }
        let failed = try await testWithSwift(failing)
        #expect(failed.run.status == ExitStatus.failure, "\(failed.run.output)\(failed.run.errors)")
        #expect(failed.calls.count == 1, "a failing test run is not run again: \(failed.calls)")
        #expect(!failed.run.errors.contains("crashed"), "\(failed.run.errors)")
    }
}
