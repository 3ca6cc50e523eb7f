import Foundation
import LiveryComposition
import LiveryScenarios
import Testing
import NedsBrand

/// The scenario runner's own behaviour, on Neds: what a scenario author sees
/// for a typo, a malformed file, an unmet expectation, and a typed password.
@Suite("Scenario runner", .timeLimit(.minutes(1)))
struct ScenarioRunnerTests {
    private let runner: ScenarioRunner
    private let folder: URL

    init() throws {
        runner = ScenarioRunner(composition: try Composition([NedsBrand()]))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests/Scenarios/neds"),
                                                withIntermediateDirectories: true)
    }

    /// Writes `text` as a scenario file of Neds and returns its path.
    private func write(_ text: String, name: String = "case.yaml") throws -> String {
        let path = folder.appendingPathComponent("Tests/Scenarios/neds/\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func loadError(_ text: String) throws -> ScenarioInputError? {
        let path = try write(text)
        do {
            _ = try runner.load(path, brand: "neds")
            return nil
        } catch {
            return error
        }
    }

    @Test("a misspelt step names its line and the step meant")
    func unknownStep() throws {
        let error = try #require(try loadError("scenario: x\nsteps:\n  - next\n  - tpe: { email: a }\n"))
        #expect(error.line == 4)
        #expect(error.message == "unknown step 'tpe' (did you mean 'type'?)")
    }

    @Test("unknown field, app bar item, status and event ids are errors with suggestions")
    func unknownIDs() throws {
        #expect(try loadError("scenario: x\nsteps:\n  - focus: emial\n")?.message == "unknown field 'emial' (did you mean 'email'?)")
        #expect(try loadError("scenario: x\nsteps:\n  - tapAppBar: lockr\n")?.message
            == "unknown app bar item 'lockr' (did you mean 'locker'?)")
        let status = try loadError("scenario: x\nsteps:\n  - expect:\n      field: { email: vaild }\n")
        #expect(status?.line == 4 && status?.message == "unknown status 'vaild' (did you mean 'valid'?)")
        #expect(try loadError("scenario: x\nsteps:\n  - expect: { events: [join_sing_up] }\n")?.message
            == "unknown event 'join_sing_up' (did you mean 'join_sign_up'?)")
        #expect(try loadError("scenario: x\nsteps:\n  - choose: { title: Sir }\n")?.message.hasPrefix("unknown option of 'title' 'Sir'") == true)
    }

    @Test("malformed YAML, a bad duration and another brand's file are errors with a line")
    func badInput() throws {
        let malformed = try #require(try loadError("scenario: x\nsteps:\n  - focus: email\n   - next\n"))
        #expect(malformed.message.hasPrefix("malformed YAML"))
        #expect(malformed.line == 4)
        #expect(try loadError("scenario: x\nsteps:\n  - wait: soon\n")?.message
            == "wait must be a duration such as 300ms or 1.5s, not 'soon'")
        #expect(try loadError("scenario: x\nbrand: tabnz\nsteps:\n  - next\n")?.message
            == "this scenario is for brand 'tabnz', not 'neds'")
    }

    @Test("an unmet expectation reports the step, its line, expected and actual, and skips the rest")
    func unmetExpectation() async throws {
        let path = try write("""
            scenario: wrong email
            steps:
              - fill: { email: not-an-email }
              - expect: { field: { email: valid }, focus: none }
              - next
            """)
        let result = try await runner.run(file: path, brand: "neds")
        let failure = try #require(result.failure)
        #expect(failure.line == 4)
        #expect(failure.mismatches == [Mismatch(check: "field email status", expected: "valid", actual: "invalid [email.format]")])
        #expect(result.steps.map(\.outcome) == [.passed, .failed, .skipped])
        #expect(failure.description.contains("scenario 'wrong email' failed at \(path):4"))
    }

    @Test("a typed password never appears in the transcript or a failure")
    func passwordMasked() async throws {
        let path = try write("""
            scenario: password
            steps:
              - type: { password: Hunter-22x }
              - fill: { password: Hunter-22y }
              - expect: { field: { password: { value: Hunter-22z } } }
            """)
        let result = try await runner.run(file: path, brand: "neds")
        let text = result.steps.map(\.step).joined() + String(describing: result.failure)
        #expect(result.failure != nil)
        #expect(!text.contains("Hunter"))
        #expect(result.steps.first?.step == "type password: ••••")
    }

    @Test("the command exits 0 when all pass, 1 on a failure, 2 on bad input or an unknown brand")
    func exitCodes() async throws {
        let composition = try Composition([NedsBrand()])
        func exit(_ files: [String] = [], brand: String = "neds") async -> Int32 {
            await ScenarioCommand(composition: composition, brand: brand, files: files, json: true, colour: false,
                                  scenariosDirectory: folder.path).run()
        }
        let passing = try write("scenario: ok\nsteps:\n  - focus: email\n  - expect: { focus: email }\n", name: "a.yaml")
        #expect(await exit() == 0)
        let failing = try write("scenario: no\nsteps:\n  - expect: { page: account }\n", name: "b.yaml")
        #expect(await exit() == 1)
        #expect(await exit([passing]) == 0)
        #expect(await exit([failing]) == 1)
        #expect(await exit([try write("scenario: bad\nsteps:\n  - nxet\n", name: "c.yaml")]) == 2)
        #expect(await exit(brand: "unknown") == 2)
    }
}
