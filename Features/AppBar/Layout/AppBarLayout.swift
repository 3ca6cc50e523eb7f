import LiveryCore

/// The ordered items of the app bar's three groups, derived from the session,
/// the brand's settings and theme, the screen's options and the overlays.
/// A pure value: the same input always gives the same layout.
public struct AppBarLayout: Hashable, Sendable {
    /// Everything a layout is derived from.
    public struct Input: Hashable, Sendable {
        /// Signed in or out, with the client's details.
        public var session: ClientSession
        /// The betslip counter.
        public var betslip: BetslipCounter
        /// The brand's app bar settings.
        public var settings: AppBarSettings
        /// The brand's icon assets.
        public var icons: IconSet
        /// The brand's currency (ISO 4217), for the balance.
        public var currencyCode: String
        /// The screen's options.
        public var options: AppBarOptions
        /// Which overlays are open.
        public var overlays: AppBarOverlays

        /// An input.
        public init(
            session: ClientSession, betslip: BetslipCounter, settings: AppBarSettings, icons: IconSet,
            currencyCode: String, options: AppBarOptions = AppBarOptions(),
            overlays: AppBarOverlays = AppBarOverlays()
        ) {
            self.session = session
            self.betslip = betslip
            self.settings = settings
            self.icons = icons
            self.currencyCode = currencyCode
            self.options = options
            self.overlays = overlays
        }
    }

    /// The leading group: the user tray's handle when signed in.
    public var left: [AppBarItem]
    /// The centre: the screen's title, or the brand's logo.
    public var centre: [AppBarItem]
    /// The trailing group, padded with spacers to the brand's minimum.
    public var right: [AppBarItem]

    /// Every item, left to right.
    public var items: [AppBarItem] { left + centre + right }

    /// The item with `id`, if the layout has it.
    public func item(_ id: AppBarItemID) -> AppBarItem? { items.first { $0.id == id } }

    /// The layout for `input`: items by sign-in state, the brand's promotions entry and icons,
    /// and the right group padded to its minimum.
    public init(_ input: Input) {
        let build = ItemFactory(input: input)
        let details = input.session.details
        left = details.map { [build.userTray($0)] } ?? []
        centre = [input.options.title.map(build.title) ?? build.logo()]
        var right: [AppBarItem] = input.options.showsSearch ? [build.icon(.search, role: .search)] : []
        if let details {
            if let promotions = build.promotions(details) { right.append(promotions) }
            right.append(build.balance(details))
            right.append(build.pendingBets(details))
        } else {
            right.append(build.label(.login, role: .login, colors: input.settings.style.bar))
            right.append(build.label(.join, role: .join, colors: input.settings.style.join))
        }
        right.append(build.betslip())
        let missing = max(0, input.settings.minimumRightItems - right.count)
        self.right = (0..<missing).map { build.spacer($0 + 1) } + right
    }
}

/// Builds the individual items of a layout.
private struct ItemFactory {
    let input: AppBarLayout.Input
    var style: AppBarStyle { input.settings.style }

    func icon(_ id: AppBarItemID, role: IconRole, badge count: Int = 0) -> AppBarItem {
        AppBarItem(
            id: id, icon: role, iconAsset: input.icons[role], content: .icon, colors: style.bar,
            badge: badge(count))
    }

    func label(_ id: AppBarItemID, role: IconRole, colors: ColorPair) -> AppBarItem {
        AppBarItem(id: id, icon: role, iconAsset: input.icons[role], content: .label, colors: colors)
    }

    func badge(_ count: Int) -> AppBarBadge? {
        count > 0 ? AppBarBadge(count: count, colors: style.badge) : nil
    }

    func userTray(_ details: ClientDetails) -> AppBarItem {
        AppBarItem(
            id: .userTray, icon: .userTray, iconAsset: input.icons[.userTray],
            content: .avatar(details.socialProfile), colors: style.bar,
            isActive: input.overlays.isUserTrayOpen)
    }

    func title(_ text: String) -> AppBarItem {
        AppBarItem(id: .title, content: .title(text), colors: style.bar, isEnabled: false)
    }

    func logo() -> AppBarItem {
        AppBarItem(id: .logo, content: .logo, colors: style.bar, isEnabled: false)
    }

    func spacer(_ index: Int) -> AppBarItem {
        AppBarItem(id: .spacer(index), content: .spacer, colors: style.bar, isEnabled: false)
    }

    func promotions(_ details: ClientDetails) -> AppBarItem? {
        let entry = input.settings.promotions
        let count = entry.showsBadge ? details.promotionsBalance : 0
        switch entry {
        case .none:
            return nil
        case .toolbox:
            return icon(.toolbox, role: .toolbox, badge: count)
        case .locker:
            var item = icon(.locker, role: .locker, badge: count)
            item.isEnabled = !input.overlays.isLockerOpening
            item.isActive = input.overlays.isLockerOpen
            return item
        }
    }

    func balance(_ details: ClientDetails) -> AppBarItem {
        AppBarItem(
            id: .balance, icon: .balance, iconAsset: input.icons[.balance],
            content: .balance(amount: details.balance, currencyCode: input.currencyCode),
            colors: style.balance)
    }

    func pendingBets(_ details: ClientDetails) -> AppBarItem {
        let role: IconRole = input.settings.showsPotIcon && input.icons.pot != nil ? .pot : .pendingBets
        return icon(.pendingBets, role: role, badge: details.pendingBetsCount)
    }

    func betslip() -> AppBarItem {
        AppBarItem(
            id: .betslip, icon: .betslip, iconAsset: input.icons[.betslip], content: .counter(input.betslip),
            colors: style.bar)
    }
}
