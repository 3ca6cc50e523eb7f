/// A brand's identifier: lowercase letters, digits and hyphens, starting with
/// a letter (e.g. `south-coast`). It names the brand's product, scenarios and settings.
public struct BrandID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The id as written: lower-case letters, digits and hyphens.
    public let rawValue: String

    /// An identifier, or `nil` when `rawValue` is not lowercase letters,
    /// digits and hyphens starting with a letter.
    public init?(rawValue: String) {
        guard let first = rawValue.unicodeScalars.first, ("a"..."z").contains(first),
            rawValue.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        self.rawValue = rawValue
    }

    /// Orders identifiers alphabetically.
    public static func < (lhs: BrandID, rhs: BrandID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id in lower case, as files and logs write it.
    public var description: String { rawValue }
}

/// Who a brand is: identity, market, currency and locale.
public struct BrandManifest: Hashable, Sendable {
    /// The brand's identifier.
    public var id: BrandID
    /// The name shown to people.
    public var displayName: String
    /// The market the brand trades in.
    public var market: Market
    /// The ISO 4217 currency code, e.g. `AUD`.
    public var currencyCode: String
    /// The BCP 47 locale, e.g. `en-AU`.
    public var locale: String

    /// A manifest; currency and locale default to the market's.
    public init(id: BrandID, displayName: String, market: Market, currencyCode: String? = nil, locale: String? = nil) {
        self.id = id
        self.displayName = displayName
        self.market = market
        self.currencyCode = currencyCode ?? market.currencyCode
        self.locale = locale ?? market.locale
    }
}
