import Foundation
import LiveryComposition
import LiveryScenarios
import NedsBrand
import Testing

/// The scenario runner's own behaviour, on Neds: what a scenario author sees
/// for a typo, a malformed file, an unmet expectation, and a typed password.
@Suite("Scenario runner", .timeLimit(.minutes(5)))
final class ScenarioRunnerTests {
    private let runner: ScenarioRunner
    private let folder: URL

    init() throws {
        runner = ScenarioRunner(composition: try Composition([NedsBrand.load()]))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Tests/Scenarios/neds"),
            withIntermediateDirectories: true)
    }

    /// The folder each test writes is removed with it.
    deinit { try? FileManager.default.removeItem(at: folder) }

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
        #expect(
            try loadError("scenario: x\nsteps:\n  - focus: emial\n")?.message
                == "unknown field 'emial' (did you mean 'email'?)")
        #expect(
            try loadError("scenario: x\nsteps:\n  - tapAppBar: lockr\n")?.message
                == "unknown app bar item 'lockr' (did you mean 'locker'?)")
        let status = try loadError("scenario: x\nsteps:\n  - expect:\n      field: { email: vaild }\n")
        #expect(status?.line == 4 && status?.message == "unknown status 'vaild' (did you mean 'valid'?)")
        #expect(
            try loadError("scenario: x\nsteps:\n  - expect: { events: [join_sing_up] }\n")?.message
                == "unknown event 'join_sing_up' (did you mean 'join_sign_up'?)")
        #expect(
            try loadError("scenario: x\nsteps:\n  - choose: { title: Sir }\n")?.message.hasPrefix(
                "unknown option of 'title' 'Sir'") == true)
    }

    @Test("malformed YAML, a bad duration and another brand's file are errors with a line")
    func badInput() throws {
        let malformed = try #require(try loadError("scenario: x\nsteps:\n  - focus: email\n   - next\n"))
        #expect(malformed.message.hasPrefix("malformed YAML"))
        #expect(malformed.line == 4)
        #expect(
            try loadError("scenario: x\nsteps:\n  - wait: soon\n")?.message
                == "wait must be a duration such as 300ms or 1.5s, up to 24 hours, not 'soon'")
        for overflowing in [
            "99999999999999999999m", "1e20m", "infms", "nanms", "-5s", "25h", "1441m", "0x10s", "0x1p4s", "+5s", "1.s",
            ".5s",
        ] {
            #expect(
                try loadError("scenario: x\nsteps:\n  - wait: \(overflowing)\n")?.message
                    == "wait must be a duration such as 300ms or 1.5s, up to 24 hours, not '\(overflowing)'")
        }
        #expect(
            try loadError("scenario: x\nbrand: tabnz\nsteps:\n  - next\n")?.message
                == "this scenario is for brand 'tabnz', not 'neds'")
    }

    @Test("hostile files are refused with a line before any large allocation: deep nesting, alias bombs, size, steps")
    func hostileFiles() throws {
        let brackets = try #require(
            try loadError("scenario: x\nsteps:\n  - wait: " + String(repeating: "[", count: 100_000) + "\n"))
        #expect(brackets.message == "the file nests lists and mappings deeper than 64 levels")
        #expect(brackets.line == 3)
        let maps = try #require(
            try loadError("scenario: x\nsteps:\n  - wait: " + String(repeating: "{a: ", count: 50_000) + "\n"))
        #expect(maps.message == "the file nests lists and mappings deeper than 64 levels")
        // Nesting by indentation, and by lists of lists on one line.
        let indented = (0..<80).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
        let deep = try #require(try loadError(indented))
        #expect(deep.message == "the file nests lists and mappings deeper than 64 levels")
        #expect(deep.line == 65)
        let dashes = try #require(try loadError("scenario: x\nsteps:\n" + String(repeating: "- ", count: 100) + "x\n"))
        #expect(dashes.message == "the file nests lists and mappings deeper than 64 levels")
        // Brackets and stars inside quotes, comments and block scalars are text, not structure.
        let quoted =
            "scenario: x\nsteps:\n  - wait: 1s\nnote: '" + String(repeating: "[*a ", count: 200) + "'\n"
            + "other: \"" + String(repeating: "{", count: 200) + "\" # " + String(repeating: "[", count: 200) + "\n"
            + "text: |\n  " + String(repeating: "[*b ", count: 200) + "\n    " + String(repeating: "{", count: 100)
            + "\n"
        #expect(try loadError(quoted)?.message.contains("deeper") != true)
        #expect(try loadError(quoted)?.message.contains("aliases") != true)
        // Nine anchors, each a list of nine of the one before: 9^9 values once expanded.
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            bomb +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let laughs = try #require(try loadError(bomb))
        #expect(laughs.message == "the file comes to over 50000 values once its aliases are expanded")
        let aliases = "a: &a x\nb: [" + Array(repeating: "*a", count: 101).joined(separator: ", ") + "]\n"
        #expect(try loadError(aliases)?.message == "the file uses more than 100 aliases (*name)")
        var wide = "a0: &a0 [" + Array(repeating: "x", count: 500).joined(separator: ", ") + "]\n"
        for level in 1...4 {
            wide +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 20).joined(separator: ", ")
                + "]\n"
        }
        #expect(try loadError(wide)?.message == "the file comes to over 50000 values once its aliases are expanded")
        let big = try #require(try loadError("scenario: x\nsteps:\n" + String(repeating: "  - next\n", count: 120_000)))
        #expect(big.message.hasSuffix("scenario files are at most 1024 KiB"))
        let long = try #require(try loadError("scenario: x\nsteps:\n" + String(repeating: "  - next\n", count: 2_001)))
        #expect(long.message == "a scenario has at most 2000 steps; split this one")
        #expect(long.line == 2_003)
    }

    @Test("a path that is not a readable scenario file says so in plain words")
    func fileErrors() throws {
        func message(_ path: String) -> String? {
            do {
                _ = try runner.load(path, brand: "neds")
                return nil
            } catch {
                #expect(error.file == path && error.line == 1)
                return error.message
            }
        }
        #expect(message(folder.path)?.hasPrefix("is a folder, not a scenario file") == true)
        #expect(message("/dev/null") == "is a character device (such as /dev/zero), not a regular file")
        let pipe = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(message(pipe) == "is a named pipe (FIFO), not a regular file")
        #expect(message(folder.appendingPathComponent("missing.yaml").path) == "there is no such file")
        let latin1 = folder.appendingPathComponent("latin1.yaml")
        try Data([0x73, 0x63, 0x65, 0x6E, 0x61, 0x72, 0x69, 0x6F, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
        #expect(message(latin1.path) == "is not UTF-8 text")
    }

    @Test(
        "a given: that does not hold is an error at its line: unknown key, impossible date, unknown zone, no mobile, bad fault"
    )
    func badGiven() throws {
        func given(_ body: String) throws -> ScenarioInputError? {
            try loadError("scenario: x\ngiven:\n\(body)\nsteps:\n  - next\n")
        }
        #expect(try given("  todya: 2026-06-01")?.message == "unknown given key 'todya' (did you mean 'today'?)")
        let impossible = try #require(try given("  today: 2026-02-30"))
        #expect(impossible.line == 3 && impossible.message.contains("a date that exists"))
        #expect(
            try given("  today: { date: 2026-06-01, timeZone: Pacific/Aukland }")?.message
                .contains("unknown time zone 'Pacific/Aukland' (did you mean 'Pacific/Auckland'?)") == true)
        #expect(
            try given("  existingAccounts: [ { mobile: \"12345\" } ]")?.message.contains(
                "not a mobile number of Australia (e.g. 0412 345 678)") == true)
        #expect(
            try given("  existingAccounts: [ { username: pat } ]")?.message
                == "an existing account needs an email or a mobile number")
        #expect(try given("  faults: [create-client=maybe]")?.message.contains("'create-client=maybe'") == true)
        #expect(
            try given("  faults: [client-details=500]")?.message.contains("a journey never calls 'client-details'")
                == true)
        #expect(
            try given("  selfExcluded: [ { firstName: A, lastName: B } ]")?.message.contains(
                "needs firstName, lastName and dateOfBirth") == true)
    }

    @Test("a key written twice in one mapping is an error naming both lines")
    func duplicateKeys() throws {
        let error = try #require(
            try loadError("scenario: x\nsteps:\n  - fill:\n      email: a@b.com\n      email: c@d.com\n"))
        #expect(error.line == 5)
        #expect(error.message == "the key 'email' is written twice in one mapping (lines 4 and 5)")
        #expect(try loadError("scenario: x\nscenario: y\nsteps:\n  - next\n")?.line == 2)
    }

    @Test("settle: false goes with an action other than a wait; a step holding two actions is refused")
    func stepOptions() throws {
        #expect(
            try loadError("scenario: x\nsteps:\n  - expect: { page: details }\n    settle: false\n")?.message
                == "`settle:` goes with an action, not with `expect`")
        #expect(
            try loadError("scenario: x\nsteps:\n  - wait: 300ms\n    settle: false\n")?.message.hasPrefix(
                "`settle: false` does not go with `wait`") == true)
        #expect(
            try loadError("scenario: x\nsteps:\n  - focus: email\n    next: x\n")?.message.hasPrefix(
                "a step holds one action") == true)
        #expect(
            try loadError("scenario: x\nsteps:\n  - focus: email\n    settle: maybe\n")?.message
                == "settle must be true or false, not 'maybe'")
    }

    @Test(
        "the world comes from given: signed in with a betslip, an existing account sent to log in; the loader is seen before settling"
    )
    func givenWorld() async throws {
        let path = try write(
            """
            scenario: given world
            given:
              signedIn: { balance: 42.50, pendingBets: 3, promotionsBalance: 2, betslip: 5 }
              flags: { login-native: false }
              today: { date: 2026-06-01, timeZone: Australia/Sydney }
            steps:
              - expect:
                  appBar: { signedIn: true, balance: 42.50, betslip: 5, badges: { toolbox: 2, pendingBets: 3 } }
                  progress: 0%
                  rows: [[title, firstName], [lastName], [dateOfBirth], [email], [mobile]]
                  field: { email: { keyboard: email, capitalisation: none, limit: 254, required: true, focusable: true, secure: false } }
              - fill: { dateOfBirth: "01062008" }
              - expect: { field: { dateOfBirth: valid }, progress: 10% }
              - fill: { dateOfBirth: "02062008" }
              - expect: { field: { dateOfBirth: { status: invalid, rules: [age.minimum] } } }
            """)
        let result = try await runner.run(file: path, brand: "neds")
        #expect(result.passed, "\(result.failure.map { "\($0)" } ?? "")")
    }

    @Test("focusing an input that never takes focus is an input error at its line, saying what to write instead")
    func unfocusableInputs() throws {
        for (input, advice) in [
            ("title", "`choose: { title: … }`"), ("marketingConsent", "`toggle: marketingConsent`"),
            ("depositLimit", "`focus: depositLimit.amount`"), ("address.state", "`choose: { address.state: … }`"),
        ] {
            let error = try #require(try loadError("scenario: x\nsteps:\n  - next\n  - focus: \(input)\n"), "\(input)")
            #expect(error.line == 4 && error.message.contains(advice), "\(error.message)")
        }
    }

    /// The failure of the scenario whose steps (after page one filled and continued) are `steps`.
    private func failure(afterPageOne steps: String, given: String = "") async throws -> ScenarioFailure? {
        let path = try write(
            """
            scenario: impossible
            \(given)steps:
              - choose: { title: Mx }
              - fill: { firstName: Ima, lastName: Possible, dateOfBirth: "01011990", email: ima@example.com, mobile: "0412 000 111" }
              - tap: continue
            \(steps)
            """)
        return try await runner.run(file: path, brand: "neds").failure
    }

    @Test(
        "a step a person cannot take fails at its line saying what is on screen: another page, a hidden or disabled input, an alert",
        arguments: [
            (
                "  - type: { dateOfBirth: \"02021990\" }",
                "'dateOfBirth' is not on the page shown: page account shows address, username"
            ),
            ("  - fill: { email: other@example.com }", "'email' is not on the page shown"),
            (
                "  - type: { address.street: Smith Street }",
                "'address.street' is not shown: the address is in search mode"
            ),
            (
                "  - depositLimit: declined\n  - focus: depositLimit.amount",
                "'depositLimit.amount' is not shown: the deposit limit is declined"
            ),
            (
                "  - enterAddressManually\n  - searchAddress: 12 Smith",
                "the address search is not shown: the address is entered manually"
            ),
            (
                "  - fill: { username: kim_slow, password: Correct-Horse-9 }\n  - depositLimit: declined\n  - searchAddress: 12 Smith St\n"
                    + "  - submitAddress\n  - selectAddress: 1\n  - tap: signUp\n    settle: false\n  - type: { username: kim_slower }",
                "the form is loading, so its inputs are disabled"
            ),
        ])
    func impossibleSteps(_ steps: String, _ message: String) async throws {
        let failure = try #require(try await failure(afterPageOne: steps))
        // The last step is the impossible one; the steps start on line 6.
        let lines = steps.split(separator: "\n")
        let last = try #require(lines.lastIndex { $0.hasPrefix("  - ") })
        #expect(failure.mismatches.first?.actual.contains(message) == true, "\(failure.mismatches)")
        #expect(failure.line == 6 + last)
    }

    @Test("an alert covering the form refuses steps on its inputs until it is answered")
    func alertCoversForm() async throws {
        let failure = try #require(
            try await failure(
                afterPageOne: """
                      - searchAddress: 12 Smith St
                      - submitAddress
                      - selectAddress: 1
                      - fill: { username: kim_alert, password: Correct-Horse-9 }
                      - depositLimit: declined
                      - tap: signUp
                      - expect: { alert: checkFailed }
                      - type: { username: kim_other }
                    """, given: "given:\n  faults: [check-username=500]\n"))
        #expect(failure.line == 15)
        #expect(failure.mismatches.first?.actual.contains("the checkFailed alert covers the form") == true)
    }

    @Test("messages: any, status: notValid, calls and retrieving say what they expected when they fail")
    func newExpectations() async throws {
        let failure = try #require(
            try await failure(
                afterPageOne: """
                      - fill: { username: kim_free }
                      - expect:
                          field: { username: { status: notValid, messages: any } }
                          calls: { check-username: 2, create-client: 0 }
                          address: { retrieving: true }
                    """))
        #expect(
            failure.mismatches == [
                Mismatch(check: "field username status", expected: "invalid or error", actual: "valid"),
                Mismatch(check: "field username messages", expected: "at least one message", actual: "(no messages)"),
                Mismatch(check: "calls check-username", expected: "2", actual: "1"),
                Mismatch(check: "address retrieving", expected: "true", actual: "false"),
            ])
        #expect(
            try loadError("scenario: x\nsteps:\n  - expect: { calls: { check-usernme: 1 } }\n")?.message
                == "unknown kind of call 'check-usernme' (did you mean 'check-username'?)")
        #expect(
            try loadError("scenario: x\nsteps:\n  - expect: { field: { email: notvalid } }\n")?.message
                == "unknown status 'notvalid' (did you mean 'notValid'?)")
    }

    @Test("an unmet expectation reports the step, its line, expected and actual, and skips the rest")
    func unmetExpectation() async throws {
        let path = try write(
            """
            scenario: wrong email
            steps:
              - fill: { email: not-an-email }
              - expect: { field: { email: valid }, focus: none }
              - next
            """)
        let result = try await runner.run(file: path, brand: "neds")
        let failure = try #require(result.failure)
        #expect(failure.line == 4)
        #expect(
            failure.mismatches == [
                Mismatch(check: "field email status", expected: "valid", actual: "invalid [email.format]")
            ])
        #expect(result.steps.map(\.outcome) == [.passed, .failed, .skipped])
        #expect(failure.description.contains("scenario 'wrong email' failed at \(path):4"))
    }

    @Test("a typed password never appears in the transcript or a failure")
    func passwordMasked() async throws {
        let path = try write(
            """
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
        let composition = try Composition([NedsBrand.load()])
        func exit(_ files: [String] = [], brand: String = "neds") async -> Int32 {
            await ScenarioCommand(
                composition: composition, brand: brand, files: files, json: true, colour: false,
                scenariosDirectory: folder.appendingPathComponent("Tests/Scenarios").path
            ).run()
        }
        let passing = try write(
            "scenario: ok\nsteps:\n  - focus: email\n  - expect: { focus: email }\n", name: "a.yaml")
        #expect(await exit() == 0)
        let failing = try write("scenario: no\nsteps:\n  - expect: { page: account }\n", name: "b.yaml")
        #expect(await exit() == 1)
        #expect(await exit([passing]) == 0)
        #expect(await exit([failing]) == 1)
        #expect(await exit([try write("scenario: bad\nsteps:\n  - nxet\n", name: "c.yaml")]) == 2)
        #expect(await exit(brand: "unknown") == 2)
    }
}
