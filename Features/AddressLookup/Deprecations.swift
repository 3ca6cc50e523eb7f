import LiveryCore

// Old spellings kept so that an app's code still compiles, with a warning
// naming the new one. The migration article says when each went and why.

extension AddressLookup {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market { market }

    /// The name ``init(market:service:clock:settings:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(market:service:clock:settings:)")
    public init(
        region: Market, service: any AddressLookupService, clock: EngineClock,
        settings: AddressLookupSettings = AddressLookupSettings()
    ) {
        self.init(market: region, service: service, clock: clock, settings: settings)
    }
}

extension AddressLookupState {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market { market }

    /// The name ``init(market:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(market:)")
    public init(region: Market) { self.init(market: region) }
}
