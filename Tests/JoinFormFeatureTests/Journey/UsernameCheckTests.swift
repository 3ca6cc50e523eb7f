import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Username availability through the account service")
@MainActor
struct UsernameCheckTests {
    private func harness() async throws -> JourneyHarness {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.reachAccountPage()
        return harness
    }

    /// The account page with `alex_c` typed and left while the username service fails.
    private func failedCheck() async throws -> JourneyHarness {
        let harness = try await harness()
        await harness.backend.failUsername("alex_c")
        harness.type("alex_c", into: "username")
        await harness.journey.settle()
        return harness
    }

    @Test("a free username is valid once the service answers")
    func available() async throws {
        let harness = try await harness()
        harness.type("free_name", into: "username")
        await harness.journey.settle()
        #expect(harness.status("username") == .valid)
        #expect(await harness.backend.usernameQuestions == ["free_name"])
    }

    @Test("a taken username is invalid with its message")
    func taken() async throws {
        let harness = try await harness()
        harness.type("taken_name", into: "username")
        await harness.journey.settle()
        let field = harness.state.field("username")
        #expect(field?.status.violations.map(\.code) == ["username.taken"])
        #expect(field?.messages == ["That username is taken."])
    }

    @Test("a username that breaks a local rule is never sent to the service")
    func localRulesFirst() async throws {
        let harness = try await harness()
        harness.type("no", into: "username")
        await harness.journey.settle()
        #expect(harness.status("username")?.violations.map(\.code) == [.lengthRange])
        #expect(await harness.backend.usernameQuestions.isEmpty)
    }

    @Test("a failed call puts the field in the error state, without a message under it")
    func serviceFails() async throws {
        let harness = try await failedCheck()
        let field = harness.state.field("username")
        #expect(field?.status.kind == .error)
        #expect(field?.messages.isEmpty == true)
    }

    @Test("the field shows it is being checked while the service has not answered")
    func validatingVisible() async throws {
        let harness = try await harness()
        let gate = Gate()
        await harness.backend.gateUsername("alex_c", gate)
        harness.type("alex_c", into: "username")
        #expect(harness.state.field("username")?.isValidating == true)
        await gate.open()
        await harness.journey.settle()
        #expect(harness.state.field("username")?.isValidating == false)
    }

    @Test("a slow answer for an older username never overwrites the newer one's")
    func staleAnswerLoses() async throws {
        let harness = try await harness()
        let gate = Gate()
        await harness.backend.gateUsername("taken_name", gate)
        harness.type("taken_name", into: "username")
        await harness.backend.questionsAsked.wait(for: 1)
        harness.type("fresh_name", into: "username")
        // The newer answer lands first; the older one is still held at the gate.
        let answered = await harness.journey.state { $0.field("username")?.status == .valid }
        #expect(answered.field("username")?.value == .text("fresh_name"))
        await gate.open()
        await harness.journey.settle()  // waits for the older answer too, which must change nothing
        #expect(await harness.backend.usernameQuestions == ["taken_name", "fresh_name"])
        let field = harness.state.field("username")
        #expect(field?.value == .text("fresh_name"))
        #expect(field?.status == .valid)
    }

    @Test("editing the username after an error clears it back to unchecked")
    func editClearsError() async throws {
        let harness = try await failedCheck()
        harness.journey.send(.change(.field("username"), "alex_cc"))
        #expect(harness.status("username") == .unknown)
    }

    @Test("after a failed check, focusing the field and leaving it again asks the service again, without retyping")
    func leavingAgainRetries() async throws {
        let harness = try await failedCheck()
        #expect(harness.status("username")?.kind == .error)
        harness.journey.send(.focus(.field("username")))
        harness.journey.send(.unfocus)
        await harness.journey.settle()
        #expect(harness.status("username")?.kind == .error, "still failing: still an error")
        await harness.backend.answerUsername("alex_c")
        harness.journey.send(.focus(.field("username")))
        harness.journey.send(.unfocus)
        await harness.journey.settle()
        #expect(harness.status("username") == .valid)
        #expect(await harness.backend.usernameQuestions == ["alex_c", "alex_c", "alex_c"])
        harness.journey.send(.focus(.field("username")))
        harness.journey.send(.unfocus)
        await harness.journey.settle()
        #expect(await harness.backend.usernameQuestions.count == 3, "a name already answered is not asked again")
    }

    @Test("a field in error still stops the sign-up walk on the system alert")
    func walkStopsOnError() async throws {
        let harness = try await harness()
        await harness.backend.failUsername("alex_c")
        await harness.fillAccount(username: "alex_c")
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.alert?.kind == .checkFailed)
        #expect(harness.state.createdClient == nil)
    }
}
