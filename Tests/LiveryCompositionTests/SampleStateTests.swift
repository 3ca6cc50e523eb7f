import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore
import LiveryTesting
import Testing

/// Previews: every sample state of every brand is made without a runtime
/// or services, and shows the step it names in the brand's own terms.
@Suite("Sample states for previews, per brand")
struct SampleStateTests {
    @Test("a new form: every field unknown or (optional) valid, page one, nothing busy", arguments: AllBrands.ids)
    func empty(_ id: String) throws {
        let state = try JoinState.sample(.empty, brand: AllBrands.plugin(id))
        #expect(state.pageIndex == 0 && state.alert == nil && !state.isLoading && state.focus == nil)
        #expect(state.fields.allSatisfy { $0.status == .unknown || ($0.status == .valid && !$0.traits.isRequired) })
        #expect(state.progress == 0)
    }

    @Test(
        "errors shown: the wrong details are invalid with the brand's messages, focus on the first",
        arguments: AllBrands.ids)
    func errorsShown(_ id: String) throws {
        let brand = try AllBrands.plugin(id)
        let state = try JoinState.sample(.errorsShown, brand: brand)
        for name in ["firstName", "dateOfBirth", "email", "mobile"] {
            let field = try #require(state.field(FieldName(name)))
            #expect(field.status.kind == .invalid, "\(name)")
            #expect(!field.messages.isEmpty, "\(name) shows no message")
        }
        let required = try #require(state.field("firstName")?.messages.first)
        #expect(
            required
                == (brand.messages.template(for: .required, locale: brand.manifest.locale)
                    ?? RequiredRule<String>().check("", in: .standalone)?.message))
        #expect(state.focus == .field("firstName") && state.scrollTarget == .field("firstName"))
        #expect(state.pageIndex == 0 && !state.isLoading)
    }

    @Test("the account page, and the address search answered with suggestions", arguments: AllBrands.ids)
    func accountAndSuggestions(_ id: String) throws {
        let page = try JoinState.sample(.accountPage, brand: AllBrands.plugin(id))
        #expect(page.isLastPage && page.callToAction.purpose == .signUp)
        let searching = try JoinState.sample(.addressSuggestions, brand: AllBrands.plugin(id))
        let address = try #require(searching.address)
        #expect(address.isListVisible && address.suggestions.count >= 2)
        #expect(
            try address.suggestions.first?.text.contains(
                AllBrands.plugin(id).manifest.market == .australia ? "VIC" : "Auckland") == true)
    }

    @Test(
        "loading: continue waits for the username check, inputs disabled, the call to action busy",
        arguments: AllBrands.ids)
    func loading(_ id: String) throws {
        let state = try JoinState.sample(.loading, brand: AllBrands.plugin(id))
        #expect(state.isLoading && state.callToAction.showsProgress && !state.callToAction.isEnabled)
        #expect(state.field("username")?.isValidating == true)
        #expect(state.fields.allSatisfy { !$0.isEnabled })
    }

    @Test("the alert after a failed sign-up keeps every value; signing up routes on", arguments: AllBrands.ids)
    func alertAndSignedUp(_ id: String) throws {
        let failed = try JoinState.sample(.alert, brand: AllBrands.plugin(id))
        #expect(failed.alert?.kind == .signUpFailed && failed.alert?.actions.map(\.role) == [.retry, .dismiss])
        #expect(failed.field("username")?.value == .text("alex_c") && failed.address?.address != nil)
        #expect(!failed.isLoading)
        let done = try JoinState.sample(.signedUp, brand: AllBrands.plugin(id))
        #expect(done.route == .signedUp(CreatedClient(clientID: "sample-client")))
    }

    @Test(
        "the app bar signed out and in, with the brand's promotions entry, badges and betslip", arguments: AllBrands.ids
    )
    func appBar(_ id: String) throws {
        let brand = try AllBrands.plugin(id)
        let out = AppBarState.sample(.signedOut, brand: brand)
        #expect(!out.isSignedIn && out.rightIDs.filter { !$0.isSpacer } == [.search, .login, .join, .betslip])
        let signedIn = AppBarState.sample(.signedIn, brand: brand)
        #expect(signedIn.isSignedIn && signedIn.isVisible)
        #expect(signedIn.item(.pendingBets)?.badge?.count == 2)
        #expect(signedIn.betslipCounter?.value == 4)
        let promotions = brand.featureSettings[AppBarSettings.Key.self].promotions
        if let entry = promotions.itemID {
            #expect(signedIn.item(entry)?.badge?.count == (promotions.showsBadge ? 3 : nil))
        } else {
            #expect(signedIn.item(.locker) == nil && signedIn.item(.toolbox) == nil)
        }
        #expect(AppBarState.sample(.userTrayOpen, brand: brand).overlays.isUserTrayOpen)
        let opened = AppBarState.sample(.promotionsOpened, brand: brand)
        switch promotions {
        case .locker: #expect(opened.overlays.isLockerOpen)
        case .toolbox: #expect(opened.route == .toolbox)
        case .none: #expect(opened == signedIn)
        }
    }

    @Test(
        "address lookup samples: suggestions, chosen, manual pre-filled, failed",
        arguments: [Market.australia, .newZealand, .greatBritain])
    func addressLookup(_ market: Market) {
        #expect(AddressLookupState.sample(.empty, in: market) == AddressLookupState(market: market))
        #expect(AddressLookupState.sample(.suggestions, in: market).isListVisible)
        let chosen = AddressLookupState.sample(.chosen, in: market)
        #expect(chosen.address == AddressLookupState.sampleAddresses(in: market).first && chosen.status == .valid)
        let manual = AddressLookupState.sample(.manual, in: market)
        #expect(manual.mode == .manual && manual.prefilledFrom == chosen.address)
        #expect(
            manual.address?.singleLine == chosen.address?.singleLine && manual.manualFields.allSatisfy(\.status.isValid)
        )
        let failed = AddressLookupState.sample(.searchFailed, in: market)
        #expect(failed.failedOperation == .search && failed.failure != nil && !failed.isListVisible)
    }
}
