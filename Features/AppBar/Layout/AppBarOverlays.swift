/// The overlays the app bar opens over the screen: the user tray and the
/// locker. Heads draw them from here and report a dismissal they make
/// themselves (``AppBarIntent/userTrayDismissed``, ``AppBarIntent/lockerDismissed``).
public struct AppBarOverlays: Hashable, Sendable {
    /// Whether the user tray is open.
    public var isUserTrayOpen: Bool
    /// Whether the locker is open.
    public var isLockerOpen: Bool
    /// Whether the locker is about to open: the tray was just closed for it
    /// and the locker opens when the brand's delay has passed.
    public var isLockerOpening: Bool

    /// Overlays; all closed by default.
    public init(isUserTrayOpen: Bool = false, isLockerOpen: Bool = false, isLockerOpening: Bool = false) {
        self.isUserTrayOpen = isUserTrayOpen
        self.isLockerOpen = isLockerOpen
        self.isLockerOpening = isLockerOpening
    }
}
