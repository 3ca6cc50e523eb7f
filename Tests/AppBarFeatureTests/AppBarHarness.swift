import AppBarFeature
import Foundation
import LiveryCore
import LiveryTesting
import Testing

/// A brand used only by these tests: its app bar settings and pot icon are
/// whatever a test gives it.
struct AppBarTestBrand: BrandPlugin {
    var manifest = BrandManifest(
        id: BrandID(rawValue: "test-bar")!, displayName: "Test", market: .australia,
        currencyCode: "AUD", locale: "en-AU")
    var appBar: AppBarSettings
    var potIcon: String?
    let messages = MessageCatalogue()
    let featureFlagDefaults: [FeatureFlag: Bool] = [:]
    let analyticsTransforms: [any AnalyticsTransform] = []

    init(_ appBar: AppBarSettings = AppBarSettings(), potIcon: String? = nil) {
        self.appBar = appBar
        self.potIcon = potIcon
    }

    var theme: Theme {
        let style = TextStyle(fontFamily: "Test", size: 16, weight: .regular, lineHeight: 20)
        return Theme(
            name: "Test", palette: ColorPalette { _ in RGBColor(red: 0, green: 0, blue: 0) },
            typography: TypographyScale(
                title: style, headline: style, body: style, caption: style,
                button: style, badge: style),
            spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
            icons: Self.icons(pot: potIcon))
    }

    static func icons(pot: String?) -> IconSet {
        IconSet(
            search: "i.search", login: "i.login", join: "i.join", betslip: "i.betslip", balance: "i.balance",
            pendingBets: "i.pending", locker: "i.locker", toolbox: "i.toolbox", userTray: "i.tray", pot: pot,
            close: "i.close", clear: "i.clear")
    }

    func configure(_ settings: inout FeatureSettings) {
        settings[AppBarSettings.Key.self] = appBar
    }
}

/// A runtime for one test brand with a virtual clock, recorded analytics,
/// settable flags and in-memory client details and betslip count.
@MainActor
struct AppBarHarness {
    let clock = VirtualClock()
    let recorder = RecordingDestination()
    let flags = FeatureFlagStore()
    let client: EmbeddedClientDetails
    let betslip: EmbeddedBetslipCount
    let runtime: Runtime

    init(_ brand: AppBarTestBrand = AppBarTestBrand(), session: ClientSession = .signedOut, betslipCount: Int = 0) {
        client = EmbeddedClientDetails(session)
        betslip = EmbeddedBetslipCount(betslipCount)
        runtime = Runtime(
            brand: brand,
            services: RuntimeServices(
                clock: EngineClock(clock), wallClock: clock.wallClock(), backend: UnusedBackend(),
                addressLookup: UnusedAddressLookup(), analytics: AnalyticsPipeline(destinations: [recorder]),
                featureFlags: flags, clientDetails: client, betslipCount: betslip))
    }

    init(promotions: PromotionsEntry, session: ClientSession = .signedOut) {
        self.init(AppBarTestBrand(AppBarSettings(promotions: promotions)), session: session)
    }

    func bar(_ options: AppBarOptions = AppBarOptions()) -> AppBarStore { runtime.appBar(options: options) }
}

/// A signed-in session with the given details.
func signedInSession(
    balance: Decimal = 25, pending: Int = 0, promotions: Int = 0,
    profile: SocialProfile? = SocialProfile(nickname: "Punter", avatar: "avatar.png")
) -> ClientSession {
    .signedIn(
        ClientDetails(
            balance: balance, pendingBetsCount: pending, socialProfile: profile,
            promotionsBalance: promotions))
}

extension AppBarStore {
    /// The state once the bar has settled (session and betslip updates
    /// delivered, due timers run), after checking it satisfies `condition`.
    func settledState(
        _ condition: (AppBarState) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> AppBarState {
        await settle()
        #expect(condition(state), "the settled bar does not show the change", sourceLocation: sourceLocation)
        return state
    }
}

extension AppBarState {
    /// The badge count on item `id`, or `nil` when it shows no badge.
    func badge(_ id: AppBarItemID) -> Int? { item(id)?.badge?.count }

    /// The balance amount the pill shows, or `nil` without a pill.
    var balance: Decimal? {
        guard case .balance(let amount, _) = item(.balance)?.content else { return nil }
        return amount
    }
}
