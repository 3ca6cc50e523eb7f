import LiveryCore

// Old spellings kept so that an app's code still compiles, with a warning
// naming the new one. The migration article says when each went and why.

/// The name ``DeclarationError`` had before 0.10: a brand file's and a market pack's errors alike.
@available(*, deprecated, renamed: "DeclarationError")
public typealias BrandFileError = DeclarationError

/// The name ``DeclarationShape`` had before 0.10: the shape of a brand file and of a market pack alike.
@available(*, deprecated, renamed: "DeclarationShape")
public typealias BrandFileShape = DeclarationShape

extension MarketCatalogue {
    /// The name ``markets`` had before 0.10.
    @available(*, deprecated, renamed: "markets")
    public var regions: [String: Market] { markets }

    /// The name ``market(code:)`` had before 0.10.
    @available(*, deprecated, renamed: "market(code:)")
    public func region(code: String) -> Market? { market(code: code) }

    /// The name ``shippedMarket(code:)`` had before 0.10.
    /// - Throws: ``DeclarationError`` naming the pack, line and key when it does not read.
    @available(*, deprecated, renamed: "shippedMarket(code:)")
    public static func shippedRegion(code: String) throws(DeclarationError) -> Market? {
        try shippedMarket(code: code)
    }
}
