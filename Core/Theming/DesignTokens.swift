import Foundation

extension Theme {
    /// The theme as a design-tokens document in the W3C Design Tokens
    /// Community Group format (the string-valued form of the drafts: colours
    /// as `"#rrggbb"`, dimensions as `"8px"`). Top-level groups:
    ///
    /// - `color`: one token per ``ColorRole``, `$type: "color"`, `$value`
    ///   the ``RGBColor/hexString`` (`#rrggbbaa` when translucent).
    /// - `spacing`: one token per ``SpacingStep``, `$type: "dimension"`.
    /// - `typography`: one composite token per ``TextStyleRole``,
    ///   `$type: "typography"`, `$value` with `fontFamily` (a string, or the
    ///   family and its fallbacks as an array), `fontSize`
    ///   (dimension), `fontWeight` (number, 100–900), `letterSpacing`
    ///   (dimension) and `lineHeight` (a number: the line height divided by the
    ///   font size, as the format defines it).
    /// - `icon`: one token per ``IconRole`` whose `$value` is the asset name.
    ///   The format has no type for assets, so these tokens carry no `$type`
    ///   and read as plain strings; a missing pot icon is left out.
    ///
    /// Points are written as `px` (one point per CSS pixel). Keys are sorted
    /// and the output is pretty printed, so the same theme always gives the
    /// same bytes.
    /// - Throws: ``ThemeError/nonFiniteValue(token:)`` naming the first token
    ///   whose number is infinite or not a number.
    public func designTokensJSON() throws(ThemeError) -> Data {
        let document = try DesignTokenDocument(self)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            throw .exportFailed(reason: String(describing: error))
        }
    }
}

/// The whole exported document.
private struct DesignTokenDocument: Encodable {
    let description: String
    let color: TokenGroup<String>
    let spacing: TokenGroup<String>
    let typography: TokenGroup<TypographyValue>
    let icon: TokenGroup<String>

    enum CodingKeys: String, CodingKey {
        case description = "$description"
        case color, spacing, typography, icon
    }

    init(_ theme: Theme) throws(ThemeError) {
        description = "Design tokens of the \(theme.name) theme. Sizes are points, written as px."
        var colors: [String: Token<String>] = [:]
        for role in ColorRole.allCases {
            colors[role.rawValue] = Token(type: "color", value: theme.palette[role].hexString)
        }
        color = TokenGroup(tokens: colors)
        var steps: [String: Token<String>] = [:]
        for step in SpacingStep.allCases {
            let path = "spacing.\(step.rawValue)"
            steps[step.rawValue] = Token(type: "dimension", value: try Self.pixels(theme.spacing[step], token: path))
        }
        spacing = TokenGroup(tokens: steps)
        var styles: [String: Token<TypographyValue>] = [:]
        for role in TextStyleRole.allCases {
            let value = try TypographyValue(theme.typography[role], path: "typography.\(role.rawValue)")
            styles[role.rawValue] = Token(type: "typography", value: value)
        }
        typography = TokenGroup(tokens: styles)
        var icons: [String: Token<String>] = [:]
        for role in IconRole.allCases {
            if let asset = theme.icons[role] { icons[role.rawValue] = Token(type: nil, value: asset) }
        }
        icon = TokenGroup(description: "Icon asset names (untyped string tokens).", tokens: icons)
    }

    /// `16px`, `13.5px`.
    static func pixels(_ points: Double, token: String) throws(ThemeError) -> String {
        try "\(number(points, token: token))px"
    }

    /// The number as JSON would print it, without a trailing `.0`.
    static func number(_ value: Double, token: String) throws(ThemeError) -> String {
        guard value.isFinite else { throw .nonFiniteValue(token: token) }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// A group of tokens, with an optional `$description`.
private struct TokenGroup<Value: Encodable>: Encodable {
    var description: String?
    var tokens: [String: Token<Value>]

    init(description: String? = nil, tokens: [String: Token<Value>]) {
        self.description = description
        self.tokens = tokens
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(description, forKey: AnyCodingKey("$description"))
        for (name, token) in tokens {
            try container.encode(token, forKey: AnyCodingKey(name))
        }
    }
}

/// One token: `$type` (left out when `nil`) and `$value`.
private struct Token<Value: Encodable>: Encodable {
    var type: String?
    var value: Value

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case value = "$value"
    }
}

/// The `$value` of a typography token.
private struct TypographyValue: Encodable {
    /// One family, or the family and its fallbacks in order (the format's font stack).
    var fontFamily: FontStack
    var fontSize: String
    var fontWeight: Int
    var letterSpacing: String
    var lineHeight: Double

    init(_ style: TextStyle, path: String) throws(ThemeError) {
        fontFamily = FontStack(families: [style.fontFamily] + style.fallbacks)
        fontSize = try DesignTokenDocument.pixels(style.size, token: "\(path).fontSize")
        fontWeight = style.weight.rawValue
        letterSpacing = try DesignTokenDocument.pixels(style.letterSpacing, token: "\(path).letterSpacing")
        lineHeight = style.lineHeight / style.size
        guard lineHeight.isFinite else { throw .nonFiniteValue(token: "\(path).lineHeight") }
    }
}

/// A font family token value: a string for one family, an array for a stack.
private struct FontStack: Encodable {
    var families: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if families.count == 1 { try container.encode(families[0]) } else { try container.encode(families) }
    }
}
