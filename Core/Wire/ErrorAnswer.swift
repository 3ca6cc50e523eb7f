/// Every error answer: `{"error": {"code", "message", "fields"?}}`.
public struct ErrorAnswer: Codable, Sendable, Equatable, WireDocumented {
    /// What went wrong.
    public struct Detail: Codable, Sendable, Equatable, WireDocumented {
        /// A stable code such as `validation.failed` or `request.invalid`.
        public var code: String
        /// A sentence for people, naming the place.
        public var message: String
        /// The rules each field breaks, when the problem is per field.
        public var fields: [String: [RuleBreach]]?

        /// What went wrong: a stable `code`, a `message` naming the place, and per-field rule breaches when any.
        public init(code: String, message: String, fields: [String: [RuleBreach]]? = nil) {
            self.code = code
            self.message = message
            self.fields = fields
        }

        public static let wireSummary = "What went wrong."
        public static let wireNotes: [String: WireNote] = [
            "code": WireNote("A stable code such as `validation.failed`, `request.invalid` or `brand.unknown`."),
            "fields": WireNote("Per field name, the rules its value breaks; only when the problem is per field."),
        ]
    }

    /// The error.
    public var error: Detail

    /// The answer carrying `error`.
    public init(_ error: Detail) { self.error = error }

    public static let wireSummary = "An error answer."
}

/// One broken rule, as every answer spells it.
public struct RuleBreach: Codable, Sendable, Equatable, WireDocumented {
    /// The rule's code, e.g. `required`, `length.max`, `username.taken`.
    public var code: String
    /// The message shown for it.
    public var message: String
    /// The rule's parameters by name (`max: "20"`).
    public var parameters: [String: String]?

    /// The rule `code` broken, its `message` and the parameters it was shown with.
    public init(code: String, message: String, parameters: [String: String]? = nil) {
        self.code = code
        self.message = message
        self.parameters = parameters
    }

    public static let wireSummary = "One broken rule."
    public static let wireNotes: [String: WireNote] = [
        "message": WireNote("The message shown for it, its parameters filled in."),
        "parameters": WireNote("The rule's parameters by name, e.g. `max: \"20\"`."),
    ]
}
