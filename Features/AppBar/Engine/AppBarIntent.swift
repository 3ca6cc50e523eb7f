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
