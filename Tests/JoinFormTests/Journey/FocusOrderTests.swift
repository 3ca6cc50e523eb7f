import Testing
import LiveryCore
@testable import JoinFormFeature

@Suite("Focus: next and done across rows and child forms (J2, J9)")
struct FocusOrderTests {
    private func walkNext(_ journey: JoinJourney, from start: InputID) async -> [InputID?] {
        await journey.send(.focus(start))
        var seen: [InputID?] = [start]
        while await journey.state.focus != nil {
            await journey.send(.next)
            seen.append(await journey.state.focus)
        }
        return seen
    }

    @Test("next walks page one left to right, row by row, skipping the title drop-down; the last input says done")
    func pageOne() async throws {
        let harness = try JourneyHarness()
        #expect(await harness.state.focusOrder == [.field("firstName"), .field("lastName"), .field("dateOfBirth"),
                                                   .field("email"), .field("mobile")])
        await harness.journey.send(.focus(.field("email")))
        #expect(await harness.state.keyboardAction == .next)
        await harness.journey.send(.focus(.field("mobile")))
        #expect(await harness.state.keyboardAction == .done)
        await harness.journey.send(.next)
        #expect(await harness.state.focus == nil)
        #expect(await harness.state.keyboardAction == nil)
    }

    @Test("a drop-down cannot take focus")
    func dropDownNotFocusable() async throws {
        let harness = try JourneyHarness()
        await harness.journey.send(.focus(.field("title")))
        #expect(await harness.state.focus == nil)
    }

    @Test("leaving an input checks it; typing alone does not (J2)")
    func leavingValidates() async throws {
        let harness = try JourneyHarness()
        await harness.journey.send(.focus(.field("email")))
        await harness.journey.send(.change(.field("email"), "pat@"))
        #expect(await harness.status("email") == .unknown)
        await harness.journey.send(.next)
        #expect(await harness.status("email")?.violations.map(\.code) == [.emailFormat])
        #expect(await harness.state.focus == .field("mobile"))
    }

    @Test("while a field shows an error each change re-checks it, so the error clears once fixed (V12)")
    func rewardEarly() async throws {
        let harness = try JourneyHarness()
        await harness.type("pat@", into: "email")
        await harness.journey.send(.focus(.field("email")))
        await harness.journey.send(.change(.field("email"), "pat@example.com"))
        #expect(await harness.status("email") == .valid)
    }

    @Test("focus goes into the deposit-limit child form and back to the root form after it")
    func childFormHandsBack() async throws {
        let promo = try FieldDefinition(name: "promoCode", inputType: .text)
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"],
                                                                adding: promo, after: "depositLimit"))
        await harness.fillDetails()
        await harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(await walkNext(harness.journey, from: .field("username")) ==
                [.field("username"), .field("password"), .field("promoCode"), nil])
        await harness.journey.send(.chooseDepositLimit(.limited))
        #expect(await walkNext(harness.journey, from: .field("username")) ==
                [.field("username"), .field("password"), .child("depositLimit", "amount"), .field("promoCode"), nil])
    }

    @Test("the last input of a child form says done when nothing after it takes focus")
    func childFormDone() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.fillDetails()
        await harness.journey.send(.continue)
        await harness.journey.settle()
        await harness.journey.send(.chooseDepositLimit(.limited))
        await harness.journey.send(.focus(.child("depositLimit", "amount")))
        #expect(await harness.state.keyboardAction == .done)
    }

    @Test("an input on another page cannot take focus")
    func otherPage() async throws {
        let harness = try JourneyHarness()
        await harness.journey.send(.focus(.field("username")))
        #expect(await harness.state.focus == nil)
    }
}
