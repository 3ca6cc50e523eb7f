import Foundation
import Testing

@testable import LiveryCore

@Suite("Design-token export")
struct DesignTokensTests {
    private func document(_ theme: Theme = SampleThemes.accessible) throws -> [String: Any] {
        let data = try theme.designTokensJSON()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func group(_ name: String, in document: [String: Any]) throws -> [String: [String: Any]] {
        let raw = try #require(document[name] as? [String: Any], "group \(name)")
        var tokens: [String: [String: Any]] = [:]
        for (key, value) in raw where !key.hasPrefix("$") {
            tokens[key] = try #require(value as? [String: Any], "token \(name).\(key)")
        }
        return tokens
    }

    @Test("every colour role is a color token with the theme's hex value")
    func colors() throws {
        let colors = try group("color", in: document())
        #expect(Set(colors.keys) == Set(ColorRole.allCases.map(\.rawValue)))
        #expect(Set(colors.keys) == Set(SampleThemes.accessibleHex.keys))
        for (name, hex) in SampleThemes.accessibleHex {
            #expect(colors[name]?["$type"] as? String == "color", "\(name)")
            #expect(colors[name]?["$value"] as? String == hex, "\(name)")
        }
    }

    @Test("a translucent colour is written #rrggbbaa")
    func translucentColor() throws {
        var theme = SampleThemes.accessible
        theme.palette.disabledText = SampleThemes.color("#8A8A8A80")
        #expect(try group("color", in: document(theme))["disabledText"]?["$value"] as? String == "#8a8a8a80")
    }

    @Test("spacing steps are dimension tokens in px")
    func spacing() throws {
        var theme = SampleThemes.accessible
        theme.spacing.xl = 40.5
        let spacing = try group("spacing", in: document(theme))
        let expected = ["xxs": "2px", "xs": "4px", "s": "8px", "m": "16px", "l": "24px", "xl": "40.5px"]
        #expect(Set(spacing.keys) == Set(expected.keys))
        for (name, value) in expected {
            #expect(spacing[name]?["$type"] as? String == "dimension")
            #expect(spacing[name]?["$value"] as? String == value, "\(name)")
        }
    }

    @Test("text styles are typography composites: family, px sizes, numeric weight, line height as a ratio")
    func typography() throws {
        let typography = try group("typography", in: document())
        #expect(Set(typography.keys) == Set(TextStyleRole.allCases.map(\.rawValue)))
        #expect(typography.values.allSatisfy { $0["$type"] as? String == "typography" })
        let body = try #require(typography["body"]?["$value"] as? [String: Any])
        #expect(body["fontFamily"] as? String == "Inter")
        #expect(body["fontSize"] as? String == "16px")
        #expect(body["fontWeight"] as? Int == 400)
        #expect(body["letterSpacing"] as? String == "0px")
        #expect(body["lineHeight"] as? Double == 1.375)
        let caption = try #require(typography["caption"]?["$value"] as? [String: Any])
        #expect(caption["letterSpacing"] as? String == "0.25px")
        let badge = try #require(typography["badge"]?["$value"] as? [String: Any])
        #expect(badge["fontWeight"] as? Int == 700)
        let badgeLineHeight = try #require(badge["lineHeight"] as? Double)
        #expect(badgeLineHeight.isApproximately(13.5 / 11, within: 1e-12))
    }

    @Test("icons are untyped string tokens; a missing pot icon is left out, a present one exported")
    func icons() throws {
        let without = try group("icon", in: document())
        #expect(Set(without.keys) == Set(IconRole.allCases.filter(\.isRequired).map(\.rawValue)))
        #expect(without["search"]?["$value"] as? String == "icon.search")
        #expect(without["pendingBets"]?["$value"] as? String == "icon.pending")
        #expect(without.values.allSatisfy { $0["$type"] == nil })
        var theme = SampleThemes.accessible
        theme.icons.pot = "icon.pot"
        #expect(try group("icon", in: document(theme))["pot"]?["$value"] as? String == "icon.pot")
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
            try document(theme)["$description"] as? String
                == "Design tokens of the Sample theme. Sizes are points, written as px.")
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
