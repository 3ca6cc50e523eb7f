import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Async checks: debounce, cancellation, stale results, submit")
struct AsyncValidationTests {
    static let username = FieldKey<String>("username")

    private func session(
        _ rule: UsernameRule, clock: VirtualClock, trigger: ValidationTrigger = .onChange,
        debounce: Duration = .milliseconds(300)
    ) throws -> FormSession {
        let form = try Form(
            FormField(
                Self.username.name, initialValue: "", rules: [RequiredRule(), LengthRule.min(3)],
                asyncRules: [rule], trigger: trigger, debounce: debounce))
        return FormSession(form, clock: EngineClock(clock))
    }

    @Test("a check waits for its debounce on the injected clock and shows as validating meanwhile")
    func debounce() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let session = try session(UsernameRule(log: log), clock: clock)
        await session.setValue("punter", for: Self.username)
        #expect(await session.form.isValidating(Self.username.name))
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 1, "still waiting one millisecond before the deadline")
        #expect(await log.values.isEmpty)
        #expect(await session.form.isValidating(Self.username.name))
        await clock.advance(by: .milliseconds(1))
        await session.waitForPendingChecks()
        #expect(await log.values == ["punter"])
        #expect(await session.form.status(of: Self.username.name) == .valid)
        #expect(await !session.form.isValidating(Self.username.name))
    }

    @Test("each keystroke cancels the pending check: only the last value is sent")
    func keystrokesCancel() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let session = try session(UsernameRule(log: log), clock: clock)
        for text in ["pun", "punt", "punte", "punter"] {
            await session.setValue(text, for: Self.username)
            await clock.advance(by: .milliseconds(100))
        }
        await clock.advance(by: .milliseconds(300))
        await session.waitForPendingChecks()
        #expect(await log.values == ["punter"])
    }

    @Test("sync rules run first: a too-short name never reaches the server")
    func syncBeforeAsync() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let session = try session(UsernameRule(log: log), clock: clock)
        await session.setValue("ab", for: Self.username)
        #expect(await session.form.status(of: Self.username.name)?.violations.map(\.code) == [.lengthMin])
        #expect(await !session.form.isValidating(Self.username.name))
        await clock.advance(by: .seconds(1))
        await session.waitForPendingChecks()
        #expect(await log.values.isEmpty)
    }

    @Test("a stale answer never overwrites a newer one")
    func staleAnswerLoses() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let slow = Gate()
        let rule = UsernameRule(taken: ["first"], gates: ["first": slow], log: log)
        let session = try session(rule, clock: clock, debounce: .zero)
        let changes = await session.statusChanges()
        await session.setValue("first", for: Self.username)
        await log.calls.wait(for: 1)  // "first" is now at the server
        await session.setValue("second", for: Self.username)
        for await change in changes where change.field == Self.username.name && change.to.isValid { break }
        await slow.open()  // the old answer ("taken") arrives late
        await session.waitForPendingChecks()  // and is waited for, being still in flight
        #expect(await session.form.status(of: Self.username.name) == .valid)
        #expect(await log.values == ["first", "second"])
    }

    @Test("the form ignores an outcome stamped with an older generation")
    func generationStamp() throws {
        var form = try Form(FormField(Self.username.name, initialValue: "", asyncRules: [UsernameRule(log: CallLog())]))
        form.setValue("first", for: Self.username)
        let old = try #require(form.leave(Self.username.name).checks.first)
        form.setValue("second", for: Self.username)
        let current = try #require(form.leave(Self.username.name).checks.first)
        let taken = RuleViolation(code: "username.taken", template: "Taken")
        let stale = form.complete(
            AsyncCheckOutcome(field: Self.username.name, generation: old.generation, result: .completed([taken])))
        #expect(stale.statusChanges.isEmpty)
        #expect(form.isValidating(Self.username.name))
        form.complete(
            AsyncCheckOutcome(field: Self.username.name, generation: current.generation, result: .completed([])))
        #expect(form.status(of: Self.username.name) == .valid)
        form.complete(
            AsyncCheckOutcome(field: Self.username.name, generation: current.generation, result: .completed([taken])))
        #expect(form.status(of: Self.username.name) == .valid, "an answer is applied once")
    }

    @Test("a failed check puts the field in the error state with the reason")
    func failure() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let session = try session(UsernameRule(failing: ["punter"], log: log), clock: clock, debounce: .zero)
        await session.setValue("punter", for: Self.username)
        await session.waitForPendingChecks()
        #expect(
            await session.form.status(of: Self.username.name)
                == .error(FieldFailure(reason: "the username service did not answer")))
        do {
            _ = try await session.submit()
            Issue.record("a form with a field in error submitted")
        } catch {
            #expect(
                error
                    == .failed(
                        field: Self.username.name, failure: FieldFailure(reason: "the username service did not answer"))
            )
        }
    }

    @Test("submit waits for a pending check and reports what it found")
    func submitWaits() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let slow = Gate()
        let rule = UsernameRule(taken: ["punter"], gates: ["punter": slow], log: log)
        let session = try session(rule, clock: clock, trigger: .onLeave, debounce: .zero)
        await session.setValue("punter", for: Self.username)
        await session.leave(Self.username.name)
        let submission = Task { try await session.submit() }
        await log.calls.wait(for: 1)
        await slow.open()
        let result = await submission.result
        #expect(
            throws: FormSubmissionError.invalid(
                field: Self.username.name, violations: [RuleViolation(code: "username.taken", template: "Taken")])
        ) {
            try result.get()
        }
    }

    @Test("submit starts the async check of a field that was never left")
    func submitStartsCheck() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let session = try session(UsernameRule(log: log), clock: clock, trigger: .onLeave, debounce: .zero)
        await session.setValue("punter", for: Self.username)
        let values = try await session.submit()
        #expect(values[Self.username] == "punter")
        #expect(await log.values == ["punter"])
    }

    @Test("reset cancels pending checks and returns to unknown")
    func resetCancels() async throws {
        let clock = VirtualClock()
        let log = CallLog()
        let session = try session(UsernameRule(log: log), clock: clock)
        await session.setValue("punter", for: Self.username)
        await clock.waitForSleepers()
        await session.reset()
        #expect(clock.sleeperCount == 0, "the debounce sleeper was cancelled")
        await clock.advance(by: .seconds(1))
        await session.waitForPendingChecks()
        #expect(await log.values.isEmpty)
        #expect(await session.form.status(of: Self.username.name) == .unknown)
    }
}
