import Foundation
import LiveryCore

/// The states of the app bar a preview can start from.
public enum AppBarSample: String, Hashable, Sendable, CaseIterable {
    /// Signed out: search, log in, join, an empty betslip.
    case signedOut
    /// Signed in on screen: balance, pending bets and promotions badges, four selections on the betslip.
    case signedIn
    /// Signed in with the user tray open.
    case userTrayOpen
    /// Signed in, the promotions entry tapped: the locker open, or the route to the toolbox
    /// (a brand with neither shows the signed-in bar).
    case promotionsOpened
}

extension AppBarState {
    /// The app bar of `brand` in `sample`'s state, with the brand's items,
    /// icons and colour roles: made by playing the brand's real app bar on
    /// services that never leave the process. For a SwiftUI preview or a
    /// snapshot test: no runtime or services needed.
    public static func sample(
        _ sample: AppBarSample, brand: any BrandPlugin,
        options: AppBarOptions = AppBarOptions()
    ) -> AppBarState {
        let session: ClientSession =
            sample == .signedOut
            ? .signedOut
            : .signedIn(
                ClientDetails(
                    balance: Decimal(string: "125.50") ?? 125, pendingBetsCount: 2,
                    socialProfile: SocialProfile(nickname: "alex", avatar: "avatar.png"), promotionsBalance: 3))
        var bar = AppBar(
            runtime: Runtime(
                brand: brand, services: .canned(session: session, betslipCount: sample == .signedOut ? 0 : 4)),
            options: options)
        _ = bar.send(.appeared)
        switch sample {
        case .signedOut, .signedIn:
            break
        case .userTrayOpen:
            _ = bar.send(.tap(.userTray))
        case .promotionsOpened:
            if let entry = bar.settings.promotions.itemID { _ = bar.send(.tap(entry)) }
        }
        return bar.state
    }
}
