/// What a head tells the app bar.
public enum AppBarIntent: Hashable, Sendable {
    /// The person tapped the item with this id. Taps on items the bar does
    /// not show, or that are not enabled, are ignored.
    case tap(AppBarItemID)
    /// The bar became visible (its screen appeared).
    case appeared
    /// The bar stopped being visible (its screen disappeared).
    case disappeared
    /// The head closed the user tray itself (e.g. a swipe).
    case userTrayDismissed
    /// The head closed the locker itself.
    case lockerDismissed
    /// The head has shown ``AppBarState/route``.
    case routeHandled
}

extension AppBarIntent {
    /// The app bar's intents by name (the one table tools read).
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case tap, appeared, disappeared, userTrayDismissed, lockerDismissed, routeHandled
    }

    /// The intent called `name`; `nil` for `tap`, which needs its item.
    public init?(_ name: Name) {
        switch name {
        case .tap: return nil
        case .appeared: self = .appeared
        case .disappeared: self = .disappeared
        case .userTrayDismissed: self = .userTrayDismissed
        case .lockerDismissed: self = .lockerDismissed
        case .routeHandled: self = .routeHandled
        }
    }

    /// This intent's name, without the item a tap carries.
    public var name: Name {
        switch self {
        case .tap: .tap
        case .appeared: .appeared
        case .disappeared: .disappeared
        case .userTrayDismissed: .userTrayDismissed
        case .lockerDismissed: .lockerDismissed
        case .routeHandled: .routeHandled
        }
    }
}
