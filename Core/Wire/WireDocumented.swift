/// What the published contract says of a wire type beyond the shape its
/// `Decodable` conformance reads: a summary, and per property the bounds the
/// server holds it to. The shape itself (which properties, of what types,
/// which may be left out) is read from the conformance, and each property is
/// described in the words of its documentation comment unless its note words
/// it for the contract.
public protocol WireDocumented {
    /// One sentence on what the value is.
    static var wireSummary: String { get }
    /// Per property (by its JSON key), its bounds, and what it holds where the contract says it otherwise
    /// than the property's documentation comment.
    static var wireNotes: [String: WireNote] { get }
}

extension WireDocumented {
    /// No notes.
    public static var wireNotes: [String: WireNote] { [:] }
}

/// A property's description and bounds, as JSON Schema keywords.
public struct WireNote: Sendable {
    /// What the property holds in the contract's words; empty: the words of its documentation comment.
    public var description: String
    /// Fewest and most characters (Unicode scalars, as JSON Schema counts them).
    public var length: ClosedRange<Int>?
    /// A regular expression the whole text matches.
    public var pattern: String?
    /// A JSON Schema format such as `date`.
    public var format: String?
    /// Smallest and largest number.
    public var range: ClosedRange<Int>?
    /// Fewest and most items of a list, or entries of an object.
    public var count: ClosedRange<Int>?
    /// The only texts allowed.
    public var choices: [String]?

    /// Bounds only: the contract describes the property in the words of its documentation comment.
    public init(
        length: ClosedRange<Int>? = nil, pattern: String? = nil, format: String? = nil, range: ClosedRange<Int>? = nil,
        count: ClosedRange<Int>? = nil, choices: [String]? = nil
    ) {
        self.init("", length: length, pattern: pattern, format: format, range: range, count: count, choices: choices)
    }

    /// What a field means in the contract's words, where they differ from its documentation comment, with the
    /// pattern, range or example the contract publishes for it.
    public init(
        _ description: String, length: ClosedRange<Int>? = nil, pattern: String? = nil, format: String? = nil,
        range: ClosedRange<Int>? = nil, count: ClosedRange<Int>? = nil, choices: [String]? = nil
    ) {
        self.description = description
        self.length = length
        self.pattern = pattern
        self.format = format
        self.range = range
        self.count = count
        self.choices = choices
    }
}

/// A wire value whose JSON takes more than one shape, so its `Decodable`
/// conformance cannot say it: its JSON Schema, written out.
public protocol WireAlternatives {
    /// The JSON Schema of the value, as JSON text.
    static var wireSchema: String { get }
}

/// The contract's bounds, each written once: the servers check them, the
/// document states them.
public enum WireLimits {
    /// The longest text in an identifier-like field (a username, an e-mail
    /// address, an idempotency key, a name): 200 Unicode scalars.
    public static let text = 200
    /// The most entries of each kind one seed holds.
    public static let seedEntries = 200
    /// The largest count a client's figures hold (bets, promotions, betslip).
    public static let count = 1_000_000
    /// The longest avatar address, in Unicode scalars.
    public static let avatar = 2_048
}
