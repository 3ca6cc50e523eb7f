import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Continue walk and loading state")
@MainActor
struct ContinueWalkTests {
    @Test("continue with every field of page one valid shows page two")
    func advances() async throws {
        let harness = try JourneyHarness()
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.pageIndex == 1)
        #expect(state.callToAction.purpose == .signUp)
        #expect(state.isLoading == false)
    }

    @Test("continue stops at the first invalid field: focus and scroll go to it, later fields are not checked")
    func stopsAtInvalid() async throws {
        let harness = try JourneyHarness()
        harness.fillDetails()
        harness.type("not-an-email", into: "email")
        harness.journey.send(.change(.field("mobile"), ""))
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.pageIndex == 0)
        #expect(state.focus == .field("email"))
        #expect(state.scrollTarget == .field("email"))
        #expect(state.field("email")?.status.violations.map(\.code) == [.emailFormat])
        #expect(state.field("mobile")?.status == .unknown)
    }

    @Test("continue checks a field that was filled but never left, then acts on its new state")
    func checksUnknown() async throws {
        let harness = try JourneyHarness()
        harness.fillDetails()
        harness.journey.send(.change(.field("email"), "pat@example.com"))
        #expect(harness.status("email") == .unknown)
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.pageIndex == 1)
        #expect(harness.status("email") == .valid)
    }

    @Test("continue with a required field left empty marks it required and focuses it")
    func forgottenField() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.change(.field("title"), "Dr"))
        harness.type("Alex", into: "firstName")
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.field("lastName")?.status.violations.map(\.code) == [.required])
        #expect(state.field("lastName")?.messages.isEmpty == false)
        #expect(state.focus == .field("lastName"))
    }

    @Test("a drop-down that stops the walk is scrolled to but not focused")
    func nonFocusableStop() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.scrollTarget == .field("title"))
        #expect(state.focus == nil)
    }

    @Test("continue with a field in the error state shows the system alert and stops")
    func errorShowsAlert() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.backend.failUsername("alex_c")
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        harness.type("alex_c", into: "username")
        await harness.journey.settle()
        #expect(harness.status("username")?.kind == .error)
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.alert?.kind == .checkFailed)
        #expect(state.alert?.actions.map(\.role) == [.dismiss])
        #expect(state.createdClient == nil)
        harness.journey.send(.dismissAlert)
        #expect(harness.state.alert == nil)
    }

    @Test("while continue waits for a check the form is loading: inputs disabled, progress shown, edits ignored")
    func loadingBlocksEdits() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        let gate = Gate()
        await harness.backend.gateUsername("slow_name", gate)
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        harness.journey.send(.change(.field("username"), "slow_name"))
        harness.journey.send(.continue)
        await harness.backend.questionsAsked.wait(for: 1)
        let loading = harness.state
        #expect(loading.isLoading)
        #expect(loading.callToAction.showsProgress && !loading.callToAction.isEnabled)
        #expect(loading.fields.allSatisfy { !$0.isEnabled })
        #expect(loading.field("username")?.isValidating == true)
        harness.journey.send(.change(.field("password"), "Typed-While-Loading1"))
        harness.journey.send(.back)
        #expect(harness.state.field("password")?.value == .text(""))
        #expect(harness.state.pageIndex == 1)
        await gate.open()
        await harness.journey.settle()
        let after = harness.state
        #expect(after.isLoading == false)
        #expect(after.fields.allSatisfy { $0.isEnabled })
        #expect(after.field("username")?.status == .valid)
    }

    @Test("back shows the previous page with every value kept")
    func back() async throws {
        let harness = try JourneyHarness()
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        harness.journey.send(.back)
        let state = harness.state
        #expect(state.pageIndex == 0)
        #expect(state.field("firstName")?.value == .text("Alex"))
        #expect(state.field("firstName")?.status == .valid)
    }
}
