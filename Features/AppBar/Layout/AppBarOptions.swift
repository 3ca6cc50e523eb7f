/// What the screen that creates an app bar says about it. Each screen owns its
/// own app bar; these differ per screen, not per brand.
public struct AppBarOptions: Hashable, Sendable {
    /// The title shown in the centre instead of the brand's logo.
    public var title: String?
    /// Whether the search item shows. On by default.
    public var showsSearch: Bool
    /// The screen's name, sent with every tap's analytics event as `screen`.
    public var screen: String?

    /// Options; by default the logo, search, and no screen name.
    public init(title: String? = nil, showsSearch: Bool = true, screen: String? = nil) {
        self.title = title
        self.showsSearch = showsSearch
        self.screen = screen
    }
}
