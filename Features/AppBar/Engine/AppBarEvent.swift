/// The app bar's analytics: every tap the bar acts on is one
/// `app_bar_tapped` event. Properties never carry personal data: no balance,
/// no counts, no profile.
///
/// | property | value |
/// | --- | --- |
/// | `item` | the item's id, e.g. `locker` |
/// | `outcome` | the route's name (e.g. `nativeBetslip`) or the overlay change: `openUserTray`, `closeUserTray`, `openLocker`, `closeLocker`, `closeUserTrayThenOpenLocker` |
/// | `signed_in` | whether a client is signed in |
/// | `screen` | the screen's name, when ``AppBarOptions/screen`` gives one |
///
/// The runtime adds `brand` and `market`.
public enum AppBarEvent: String, Sendable, CaseIterable {
    /// An item was tapped.
    case tapped = "app_bar_tapped"

    /// The event's property keys.
    public enum Key {
        /// The tapped item's id.
        public static let item = "item"
        /// What the tap did.
        public static let outcome = "outcome"
        /// Whether a client is signed in.
        public static let signedIn = "signed_in"
    }
}

/// What a tap did: ask for a screen, or open or close an overlay.
enum TapOutcome: Hashable, Sendable {
    case route(AppBarRoute)
    case openUserTray
    case closeUserTray
    case openLocker
    case closeLocker
    case closeUserTrayThenOpenLocker

    /// The name analytics records.
    var name: String {
        switch self {
        case .route(let route): route.rawValue
        case .openUserTray: "openUserTray"
        case .closeUserTray: "closeUserTray"
        case .openLocker: "openLocker"
        case .closeLocker: "closeLocker"
        case .closeUserTrayThenOpenLocker: "closeUserTrayThenOpenLocker"
        }
    }
}
