import LiveryCore

/// Everything a head needs to draw the app bar and act on it.
public struct AppBarState: Hashable, Sendable {
    /// Whether a client is signed in.
    public var isSignedIn: Bool
    /// The ordered items of the left, centre and right groups.
    public var layout: AppBarLayout
    /// The colour roles of the bar, its badges, balance pill and join button;
    /// the colours are the brand theme's.
    public var style: AppBarStyle
    /// Which overlays are open.
    public var overlays: AppBarOverlays
    /// Whether the head shows the bar (between ``AppBarIntent/appeared`` and
    /// ``AppBarIntent/disappeared``).
    public var isVisible: Bool
    /// A screen the head should show, until it sends ``AppBarIntent/routeHandled``.
    public var route: AppBarRoute?

    /// A state.
    public init(
        isSignedIn: Bool, layout: AppBarLayout, style: AppBarStyle, overlays: AppBarOverlays,
        isVisible: Bool, route: AppBarRoute?
    ) {
        self.isSignedIn = isSignedIn
        self.layout = layout
        self.style = style
        self.overlays = overlays
        self.isVisible = isVisible
        self.route = route
    }

    /// The item with `id`, if the bar shows it.
    public func item(_ id: AppBarItemID) -> AppBarItem? { layout.item(id) }

    /// The ids of the right-hand group, in order.
    public var rightIDs: [AppBarItemID] { layout.right.map(\.id) }

    /// The betslip counter.
    public var betslipCounter: BetslipCounter? {
        guard case .counter(let counter) = item(.betslip)?.content else { return nil }
        return counter
    }
}
