import AppBarFeature
import LiveryCore
import LiveryTesting
import Testing

/// An item whose route a flag chooses, with the flag's value and the route expected.
struct FlagRoute: Sendable, CustomTestStringConvertible {
    let item: AppBarItemID
    let signedIn: Bool
    let flag: FeatureFlag
    let isOn: Bool
    let route: AppBarRoute

    var testDescription: String { "\(item) with \(flag) \(isOn ? "on" : "off") → \(route)" }

    static let all: [FlagRoute] = [
        FlagRoute(item: .login, signedIn: false, flag: .loginNative, isOn: true, route: .nativeLogin),
        FlagRoute(item: .login, signedIn: false, flag: .loginNative, isOn: false, route: .legacyLogin),
        FlagRoute(item: .betslip, signedIn: false, flag: .betslipNative, isOn: true, route: .nativeBetslip),
        FlagRoute(item: .betslip, signedIn: true, flag: .betslipNative, isOn: false, route: .legacyBetslip),
        FlagRoute(
            item: .pendingBets, signedIn: true, flag: .pendingResultedNative, isOn: true,
            route: .pendingResultedBets),
        FlagRoute(
            item: .pendingBets, signedIn: true, flag: .pendingResultedNative, isOn: false,
            route: .accountTransactionsPending),
    ]
}

@Suite("App bar routes", .timeLimit(.minutes(5)))
@MainActor
struct RouteTests {
    @Test("Flags choose between the native and the legacy screen", arguments: FlagRoute.all)
    func flagChoosesRoute(_ expected: FlagRoute) async {
        let harness = AppBarHarness(session: expected.signedIn ? signedInSession() : .signedOut)
        harness.flags.set(expected.flag, expected.isOn)
        let bar = harness.bar()
        bar.send(.tap(expected.item))
        #expect(bar.state.route == expected.route)
    }

    @Test("A flag changed after the bar was created applies to the next tap")
    func flagReadAtTapTime() async {
        let harness = AppBarHarness()
        let bar = harness.bar()
        harness.flags.set(.loginNative, true)
        bar.send(.tap(.login))
        #expect(bar.state.route == .nativeLogin)
    }

    @Test(
        "Search, join and the balance pill ask for their screens",
        arguments: [
            (AppBarItemID.search, false, AppBarRoute.search), (.join, false, .join), (.balance, true, .deposit),
        ])
    func fixedRoutes(_ item: AppBarItemID, _ signedIn: Bool, _ route: AppBarRoute) async {
        let bar = AppBarHarness(session: signedIn ? signedInSession() : .signedOut).bar()
        bar.send(.tap(item))
        #expect(bar.state.route == route)
    }

    @Test("Once the head has shown a route, it is cleared")
    func routeHandled() async {
        let bar = AppBarHarness().bar()
        bar.send(.tap(.search))
        bar.send(.routeHandled)
        #expect(bar.state.route == nil)
    }

    @Test("Taps on items the bar does not show change nothing")
    func hiddenItemIgnored() async {
        let bar = AppBarHarness().bar()
        let before = bar.state
        bar.send(.tap(.balance))
        bar.send(.tap(.locker))
        expectState(bar.state, equals: before, "taps on hidden items")
    }
}
