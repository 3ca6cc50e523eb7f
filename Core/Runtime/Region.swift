/// A market the brands trade in. Region decides address shapes, phone and
/// postcode formats, and region-only steps of the join form.
public enum Region: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Australia.
    case australia
    /// New Zealand.
    case newZealand

    /// The ISO 3166-1 alpha-2 code: `AU` or `NZ`.
    public var code: String {
        switch self {
        case .australia: "AU"
        case .newZealand: "NZ"
        }
    }

    /// The currency brands trade in here by default (ISO 4217): `AUD` or `NZD`.
    public var currencyCode: String {
        switch self {
        case .australia: "AUD"
        case .newZealand: "NZD"
        }
    }

    /// The locale brands speak here by default (BCP 47): `en-AU` or `en-NZ`.
    public var locale: String { "en-\(code)" }

    /// The region with ISO code `code` (case-insensitive), if any.
    public init?(code: String) {
        guard let region = Region.allCases.first(where: { $0.code.caseInsensitiveCompare(code) == .orderedSame }) else {
            return nil
        }
        self = region
    }

    /// The ISO code.
    public var description: String { code }
}
