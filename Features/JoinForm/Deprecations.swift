import LiveryCore

// Old spellings kept so that an app's code still compiles, with a warning
// naming the new one. The migration article says when each went and why.

extension RuleEnvironment {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market {
        get { market }
        set { market = newValue }
    }

    /// The name ``init(market:wallClock:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(market:wallClock:)")
    public init(region: Market, wallClock: WallClock) { self.init(market: region, wallClock: wallClock) }

    /// The name ``init(market:wallClock:accounts:brand:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(market:wallClock:accounts:brand:)")
    public init(region: Market, wallClock: WallClock, accounts: any AccountBackend, brand: BrandID) {
        self.init(market: region, wallClock: wallClock, accounts: accounts, brand: brand)
    }
}

extension DisplayFormat {
    /// The name ``format(_:market:)`` had before 0.10.
    @available(*, deprecated, renamed: "format(_:market:)")
    public func format(_ text: String, region: Market) -> String { format(text, market: region) }
}
