import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Focus: next and done across rows and child forms")
@MainActor
struct FocusOrderTests {
    private func walkNext(_ journey: JoinFormStore, from start: InputID) -> [InputID?] {
        journey.send(.focus(start))
        var seen: [InputID?] = [start]
        while journey.state.focus != nil, seen.count <= journey.state.focusOrder.count {
            journey.send(.next)
            seen.append(journey.state.focus)
        }
        return seen
    }

    @Test("next walks page one left to right, row by row, skipping the title drop-down; the last input says done")
    func pageOne() async throws {
        let harness = try JourneyHarness()
        #expect(
            harness.state.focusOrder == [
                .field("firstName"), .field("lastName"), .field("dateOfBirth"),
                .field("email"), .field("mobile"),
            ])
        harness.journey.send(.focus(.field("email")))
        #expect(harness.state.keyboardAction == .next)
        harness.journey.send(.focus(.field("mobile")))
        #expect(harness.state.keyboardAction == .done)
        harness.journey.send(.next)
        #expect(harness.state.focus == nil)
        #expect(harness.state.keyboardAction == nil)
    }

    @Test("a drop-down cannot take focus")
    func dropDownNotFocusable() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.focus(.field("title")))
        #expect(harness.state.focus == nil)
    }

    @Test("leaving an input checks it; typing alone does not")
    func leavingValidates() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.focus(.field("email")))
        harness.journey.send(.change(.field("email"), "pat@"))
        #expect(harness.status("email") == .unknown)
        harness.journey.send(.next)
        #expect(harness.status("email")?.violations.map(\.code) == [.emailFormat])
        #expect(harness.state.focus == .field("mobile"))
    }

    @Test("while a field shows an error each change re-checks it, so the error clears once fixed")
    func rewardEarly() async throws {
        let harness = try JourneyHarness()
        harness.type("pat@", into: "email")
        harness.journey.send(.focus(.field("email")))
        harness.journey.send(.change(.field("email"), "pat@example.com"))
        #expect(harness.status("email") == .valid)
    }

    @Test("focus goes into the deposit-limit child form and back to the root form after it")
    func childFormHandsBack() async throws {
        let promo = try FieldDefinition(name: "promoCode", inputType: .text)
        let harness = try JourneyHarness(
            definition: .standard(
                for: .australia, removing: ["address"],
                adding: promo, after: "depositLimit"))
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(
            walkNext(harness.journey, from: .field("username")) == [
                .field("username"), .field("password"), .field("promoCode"), nil,
            ])
        harness.journey.send(.chooseDepositLimit(.limited))
        #expect(
            walkNext(harness.journey, from: .field("username")) == [
                .field("username"), .field("password"), .child("depositLimit", "amount"), .field("promoCode"), nil,
            ])
    }

    @Test("the last input of a child form says done when nothing after it takes focus")
    func childFormDone() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        harness.journey.send(.chooseDepositLimit(.limited))
        harness.journey.send(.focus(.child("depositLimit", "amount")))
        #expect(harness.state.keyboardAction == .done)
    }

    @Test("an input on another page cannot take focus")
    func otherPage() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.focus(.field("username")))
        #expect(harness.state.focus == nil)
    }
}
