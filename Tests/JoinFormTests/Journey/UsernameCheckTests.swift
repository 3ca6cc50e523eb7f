import Testing
import LiveryCore
import LiveryTesting
@testable import JoinFormFeature

@Suite("Username availability through the account service (J6, V5, V13)")
struct UsernameCheckTests {
    private func harness() async throws -> JourneyHarness {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.reachAccountPage()
        return harness
    }

    @Test("a free username is valid once the service answers")
    func available() async throws {
        let harness = try await harness()
        await harness.type("free_name", into: "username")
        await harness.journey.settle()
        #expect(await harness.status("username") == .valid)
        #expect(await harness.backend.usernameQuestions == ["free_name"])
    }

    @Test("a taken username is invalid with its message")
    func taken() async throws {
        let harness = try await harness()
        await harness.type("taken_name", into: "username")
        await harness.journey.settle()
        let field = await harness.state.field("username")
        #expect(field?.status.violations.map(\.code) == ["username.taken"])
        #expect(field?.messages == ["That username is taken."])
    }

    @Test("a username that breaks a local rule is never sent to the service")
    func localRulesFirst() async throws {
        let harness = try await harness()
        await harness.type("no", into: "username")
        await harness.journey.settle()
        #expect(await harness.status("username")?.violations.map(\.code) == [.lengthRange])
        #expect(await harness.backend.usernameQuestions.isEmpty)
    }

    @Test("a failed call puts the field in the error state, without a message under it")
    func serviceFails() async throws {
        let harness = try await harness()
        await harness.backend.failUsername("alex_c")
        await harness.type("alex_c", into: "username")
        await harness.journey.settle()
        let field = await harness.state.field("username")
        #expect(field?.status.kind == .error)
        #expect(field?.messages.isEmpty == true)
    }

    @Test("the field shows it is being checked while the service has not answered")
    func validatingVisible() async throws {
        let harness = try await harness()
        let gate = Gate()
        await harness.backend.gateUsername("alex_c", gate)
        await harness.type("alex_c", into: "username")
        #expect(await harness.state.field("username")?.isValidating == true)
        await gate.open()
        await harness.journey.settle()
        #expect(await harness.state.field("username")?.isValidating == false)
    }

    @Test("a slow answer for an older username never overwrites the newer one's")
    func staleAnswerLoses() async throws {
        let harness = try await harness()
        let gate = Gate()
        await harness.backend.gateUsername("taken_name", gate)
        await harness.type("taken_name", into: "username")
        while await harness.backend.usernameQuestions.isEmpty { await Task.yield() }
        await harness.type("fresh_name", into: "username")
        await harness.journey.settle()
        #expect(await harness.status("username") == .valid)
        await gate.open()
        await harness.backend.waitUntilAnswered(2)
        for _ in 0..<100 { await Task.yield() }   // let the stale answer reach the journey
        await harness.journey.settle()
        let field = await harness.state.field("username")
        #expect(field?.value == .text("fresh_name"))
        #expect(field?.status == .valid)
    }

    @Test("editing the username after an error clears it back to unchecked")
    func editClearsError() async throws {
        let harness = try await harness()
        await harness.backend.failUsername("alex_c")
        await harness.type("alex_c", into: "username")
        await harness.journey.settle()
        await harness.journey.send(.change(.field("username"), "alex_cc"))
        #expect(await harness.status("username") == .unknown)
    }
}
