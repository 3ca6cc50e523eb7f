import AppBarFeature
import LiveryCore
import Testing

@Suite("App bar layout", .timeLimit(.minutes(5)))
@MainActor
struct LayoutTests {
    @Test(
        "Signed out: search, log in, join and the betslip counter, whatever the promotions entry",
        arguments: PromotionsSetting.allCases)
    func signedOut(_ setting: PromotionsSetting) async {
        let state = AppBarHarness(promotions: setting.entry).bar().state
        #expect(!state.isSignedIn)
        #expect(state.layout.left.isEmpty)
        #expect(state.layout.centre.map(\.id) == [.logo])
        #expect(state.rightIDs == [.search, .login, .join, .betslip])
        #expect(state.item(.login)?.content == .label)
        #expect(state.item(.join)?.colors == AppBarStyle().join)
    }

    @Test(
        "Signed in: user tray, search, the brand's promotions entry, balance, pending bets, betslip",
        arguments: PromotionsSetting.allCases)
    func signedIn(_ setting: PromotionsSetting) async {
        let harness = AppBarHarness(
            promotions: setting.entry,
            session: signedInSession(balance: 42.5, pending: 2, promotions: 3))
        let state = harness.bar().state
        #expect(state.isSignedIn)
        #expect(state.layout.left.map(\.id) == [.userTray])
        #expect(state.item(.userTray)?.content == .avatar(SocialProfile(nickname: "Punter", avatar: "avatar.png")))
        #expect(state.rightIDs == [.search] + [setting.item].compactMap { $0 } + [.balance, .pendingBets, .betslip])
        #expect(state.item(.balance)?.content == .balance(amount: 42.5, currencyCode: "AUD"))
        #expect(state.badge(.pendingBets) == 2)
        if let promotions = setting.item {
            #expect(state.badge(promotions) == (setting.showsBadge ? 3 : nil))
        }
    }

    @Test("Items carry the brand's icon assets and the theme's colour roles")
    func iconsAndColours() async {
        let state = AppBarHarness(session: signedInSession()).bar().state
        #expect(state.item(.search)?.icon == .search)
        #expect(state.item(.search)?.iconAsset == "i.search")
        #expect(state.item(.betslip)?.iconAsset == "i.betslip")
        #expect(state.item(.search)?.colors == ColorPair(foreground: .appBarForeground, background: .appBarBackground))
        #expect(state.item(.balance)?.colors == ColorPair(foreground: .onPrimary, background: .primary))
    }

    @Test("A brand's style remaps the colour roles the bar draws with")
    func brandStyle() async {
        var settings = AppBarSettings()
        settings.style.balance = ColorPair(foreground: .onSecondary, background: .secondary)
        let state = AppBarHarness(AppBarTestBrand(settings), session: signedInSession()).bar().state
        #expect(state.item(.balance)?.colors == ColorPair(foreground: .onSecondary, background: .secondary))
        #expect(state.style.balance.background == .secondary)
    }

    @Test("Pending bets show the brand's pot icon when the brand uses one")
    func potIcon() async {
        let brand = AppBarTestBrand(AppBarSettings(showsPotIcon: true), potIcon: "i.pot")
        let item = AppBarHarness(brand, session: signedInSession()).bar().state.item(.pendingBets)
        #expect(item?.icon == .pot)
        #expect(item?.iconAsset == "i.pot")
    }

    @Test("Without a pot icon in the theme, pending bets fall back to the standard icon")
    func noPotIcon() async {
        let brand = AppBarTestBrand(AppBarSettings(showsPotIcon: true), potIcon: nil)
        let item = AppBarHarness(brand, session: signedInSession()).bar().state.item(.pendingBets)
        #expect(item?.icon == .pendingBets)
        #expect(item?.iconAsset == "i.pending")
    }

    @Test("A screen's title replaces the logo in the centre")
    func title() async {
        let state = AppBarHarness().bar(AppBarOptions(title: "Racing")).state
        #expect(state.layout.centre.map(\.id) == [.title])
        #expect(state.item(.title)?.content == .title("Racing"))
        #expect(state.item(.title)?.isEnabled == false)
    }

    @Test("A screen without search keeps the right group at its minimum with a leading spacer")
    func spacerPadsShortRightGroup() async {
        let state = AppBarHarness().bar(AppBarOptions(showsSearch: false)).state
        #expect(state.rightIDs == [.spacer(1), .login, .join, .betslip])
        #expect(state.item(.spacer(1))?.isEnabled == false)
    }
}
