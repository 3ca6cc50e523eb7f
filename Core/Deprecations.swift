// Old spellings kept so that an app's code still compiles, with a warning
// naming the new one. The migration article says when each went and why.

/// The name ``Market`` had before 0.10.
@available(*, deprecated, renamed: "Market")
public typealias Region = Market

extension BrandManifest {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market {
        get { market }
        set { market = newValue }
    }

    /// The name ``init(id:displayName:market:currencyCode:locale:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(id:displayName:market:currencyCode:locale:)")
    public init(id: BrandID, displayName: String, region: Market, currencyCode: String? = nil, locale: String? = nil) {
        self.init(id: id, displayName: displayName, market: region, currencyCode: currencyCode, locale: locale)
    }
}

extension Runtime {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market { market }
}

extension AddressShape {
    /// The name ``marketCode`` had before 0.10.
    @available(*, deprecated, renamed: "marketCode")
    public var regionCode: String { marketCode }

    /// The name ``init(marketCode:parts:line:unitStyle:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(marketCode:parts:line:unitStyle:)")
    public init(regionCode: String, parts: [Part], line: [[AddressPart]], unitStyle: UnitStyle = .slash) {
        self.init(marketCode: regionCode, parts: parts, line: line, unitStyle: unitStyle)
    }
}

extension PostalAddress {
    /// The name ``marketCode`` had before 0.10.
    @available(*, deprecated, renamed: "marketCode")
    public var regionCode: String { marketCode }

    /// The name ``init(id:unit:streetNumber:street:places:postcode:marketCode:singleLine:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(id:unit:streetNumber:street:places:postcode:marketCode:singleLine:)")
    public init(
        id: String?, unit: String?, streetNumber: String, street: String, places: [AddressPart: String],
        postcode: String, regionCode: String, singleLine: String
    ) {
        self.init(
            id: id, unit: unit, streetNumber: streetNumber, street: street, places: places, postcode: postcode,
            marketCode: regionCode, singleLine: singleLine)
    }
}

extension ContextEnrichment.Key {
    /// The old name of ``market``; events now carry the market under `market`.
    @available(*, deprecated, renamed: "market")
    public static var region: String { market }
}

extension ContextEnrichment {
    /// The name ``init(brand:market:screen:session:extra:overwritesExisting:)`` had before 0.10;
    /// the market is now added under `market`.
    @available(*, deprecated, renamed: "init(brand:market:screen:session:extra:overwritesExisting:)")
    public init(
        brand: String? = nil, region: String, screen: String? = nil, session: String? = nil,
        extra: [String: AnalyticsValue] = [:], overwritesExisting: Bool = false
    ) {
        self.init(
            brand: brand, market: region, screen: screen, session: session, extra: extra,
            overwritesExisting: overwritesExisting)
    }
}

extension MobileNumberPlan {
    /// The name ``marketCode`` had before 0.10.
    @available(*, deprecated, renamed: "marketCode")
    public var regionCode: String { marketCode }

    /// The name ``init(marketCode:countryCode:prefixes:subscriberDigits:nationalGroups:internationalGroups:example:)``
    /// had before 0.10.
    @available(
        *, deprecated,
        renamed: "init(marketCode:countryCode:prefixes:subscriberDigits:nationalGroups:internationalGroups:example:)"
    )
    public init(
        regionCode: String, countryCode: String, prefixes: [String], subscriberDigits: ClosedRange<Int>,
        nationalGroups: [Int], internationalGroups: [Int], example: String
    ) {
        self.init(
            marketCode: regionCode, countryCode: countryCode, prefixes: prefixes, subscriberDigits: subscriberDigits,
            nationalGroups: nationalGroups, internationalGroups: internationalGroups, example: example)
    }
}

extension MobileNumberRule {
    /// The name ``init(market:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(market:)")
    public init(region: Market) { self.init(market: region) }
}

extension PostcodeFormat {
    /// The name ``init(pattern:example:message:upperCased:marketCode:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(pattern:example:message:upperCased:marketCode:)")
    public init(
        pattern: String, example: String, message: String, upperCased: Bool = false, regionCode: String
    ) throws(InvalidPatternError) {
        try self.init(
            pattern: pattern, example: example, message: message, upperCased: upperCased, marketCode: regionCode)
    }
}

extension PostcodeRule {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market { market }

    /// The name ``init(market:)`` had before 0.10.
    @available(*, deprecated, renamed: "init(market:)")
    public init(region: Market) { self.init(market: region) }
}
