import Foundation
import Testing

@testable import LiveryCore

@Suite("Design-token export")
struct DesignTokensTests {
    /// The exported document of `theme`, read as the format describes it.
    private func document(_ theme: Theme = SampleThemes.accessible) throws -> TokenDocument {
        try JSONDecoder().decode(TokenDocument.self, from: theme.designTokensJSON())
    }

    @Test("every colour role is a color token with the theme's hex value")
    func colors() throws {
        let colors = try document().color.tokens
        #expect(Set(colors.keys) == Set(ColorRole.allCases.map(\.rawValue)))
        #expect(Set(colors.keys) == Set(SampleThemes.accessibleHex.keys))
        for (name, hex) in SampleThemes.accessibleHex {
            #expect(colors[name]?.type == "color", "\(name)")
            #expect(colors[name]?.value == hex, "\(name)")
        }
    }

    @Test("a translucent colour is written #rrggbbaa")
    func translucentColor() throws {
        var theme = SampleThemes.accessible
        theme.palette.disabledText = SampleThemes.color("#8A8A8A80")
        #expect(try document(theme).color.tokens["disabledText"]?.value == "#8a8a8a80")
    }

    @Test("spacing steps are dimension tokens in px")
    func spacing() throws {
        var theme = SampleThemes.accessible
        theme.spacing.xl = 40.5
        let spacing = try document(theme).spacing.tokens
        let expected = ["xxs": "2px", "xs": "4px", "s": "8px", "m": "16px", "l": "24px", "xl": "40.5px"]
        #expect(Set(spacing.keys) == Set(expected.keys))
        for (name, value) in expected {
            #expect(spacing[name]?.type == "dimension")
            #expect(spacing[name]?.value == value, "\(name)")
        }
    }

    @Test("text styles are typography composites: family, px sizes, numeric weight, line height as a ratio")
    func typography() throws {
        let typography = try document().typography.tokens
        #expect(Set(typography.keys) == Set(TextStyleRole.allCases.map(\.rawValue)))
        #expect(typography.values.allSatisfy { $0.type == "typography" })
        let body = try #require(typography["body"]?.value)
        #expect(body.fontFamily == .family("Inter"))
        #expect(body.fontSize == "16px")
        #expect(body.fontWeight == 400)
        #expect(body.letterSpacing == "0px")
        #expect(body.lineHeight == 1.375)
        let caption = try #require(typography["caption"]?.value)
        #expect(caption.letterSpacing == "0.25px")
        let badge = try #require(typography["badge"]?.value)
        #expect(badge.fontWeight == 700)
        #expect(badge.lineHeight.isApproximately(13.5 / 11, within: 1e-12))
    }

    @Test("icons are untyped string tokens; a missing pot icon is left out, a present one exported")
    func icons() throws {
        let without = try document().icon.tokens
        #expect(Set(without.keys) == Set(IconRole.allCases.filter(\.isRequired).map(\.rawValue)))
        #expect(without["search"]?.value == "icon.search")
        #expect(without["pendingBets"]?.value == "icon.pending")
        #expect(without.values.allSatisfy { !$0.hasType })
        var theme = SampleThemes.accessible
        theme.icons.pot = "icon.pot"
        #expect(try document(theme).icon.tokens["pot"]?.value == "icon.pot")
    }

    @Test("the export is stable, sorted and pretty printed, with slashes unescaped")
    func stableOutput() throws {
        var theme = SampleThemes.accessible
        theme.icons.search = "icons/search"
        let data = try theme.designTokensJSON()
        #expect(try theme.designTokensJSON() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"icons/search\""))
        #expect(text.contains("\n  \"color\" : {"))
        let groups = ["\"$description\"", "\"color\"", "\"icon\"", "\"spacing\"", "\"typography\""]
        let positions = groups.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == groups.count)
        #expect(positions == positions.sorted(), "top-level keys in sorted order")
        #expect(
            try document(theme).description == "Design tokens of the Sample theme. Sizes are points, written as px.")
    }

    @Test("a number that is not finite is refused, naming the token")
    func nonFinite() {
        var spacing = SampleThemes.accessible
        spacing.spacing.m = .infinity
        #expect(throws: ThemeError.nonFiniteValue(token: "spacing.m")) { try spacing.designTokensJSON() }
        var size = SampleThemes.accessible
        size.typography.caption.size = .nan
        #expect(throws: ThemeError.nonFiniteValue(token: "typography.caption.fontSize")) { try size.designTokensJSON() }
        var zero = SampleThemes.accessible
        zero.typography.caption.size = 0
        #expect(throws: ThemeError.nonFiniteValue(token: "typography.caption.lineHeight")) {
            try zero.designTokensJSON()
        }
        #expect(
            ThemeError.nonFiniteValue(token: "spacing.m").description == "design token spacing.m is not a finite number"
        )
    }
}

/// A design-tokens document as these tests read it: its `$description` and its four groups.
private struct TokenDocument: Decodable {
    let description: String
    let color: TokenGroup<String>
    let spacing: TokenGroup<String>
    let typography: TokenGroup<TypographyValue>
    let icon: TokenGroup<String>

    enum CodingKeys: String, CodingKey {
        case description = "$description"
        case color, spacing, typography, icon
    }
}

/// A group: its tokens by name (every member but a `$` one, such as `$description`, is a token).
private struct TokenGroup<Value: Decodable>: Decodable {
    let tokens: [String: Token<Value>]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var tokens: [String: Token<Value>] = [:]
        for key in container.allKeys where !key.stringValue.hasPrefix("$") {
            tokens[key.stringValue] = try container.decode(Token<Value>.self, forKey: key)
        }
        self.tokens = tokens
    }
}

/// A token: its `$type`, if it has one, and its `$value`.
private struct Token<Value: Decodable>: Decodable {
    let type: String?
    /// Whether the token has a `$type` member at all (`null` too).
    let hasType: Bool
    let value: Value

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case value = "$value"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasType = container.contains(.type)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        value = try container.decode(Value.self, forKey: .value)
    }
}

/// The `$value` of a typography token.
private struct TypographyValue: Decodable {
    let fontFamily: FontFamily
    let fontSize: String
    let fontWeight: Int
    let letterSpacing: String
    let lineHeight: Double
}

/// A font family: one name, or a stack of names.
private enum FontFamily: Decodable, Equatable {
    case family(String)
    case stack([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            self = .family(name)
        } else {
            self = .stack(try container.decode([String].self))
        }
    }
}
