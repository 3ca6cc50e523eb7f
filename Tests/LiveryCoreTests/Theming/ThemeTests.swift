import Foundation
import Testing

@testable import LiveryCore

@Suite("Theme contrast")
struct ThemeContrastTests {
    @Test("the accessible sample passes every declared pair")
    func accessiblePasses() {
        let theme = SampleThemes.accessible
        #expect(theme.contrastFailures().isEmpty, "\(theme.contrastFailures())")
        #expect(theme.contrastChecks().count == Theme.contrastRequirements.count)
        #expect(theme.contrastChecks().allSatisfy { $0.passes })
    }

    @Test("failures name exactly the failing pairs, in declared order, with their minimums")
    func failuresNamePairs() {
        let failures = SampleThemes.inaccessible.contrastFailures()
        #expect(
            failures.map { "\($0.foreground.rawValue)/\($0.background.rawValue)" } == [
                "textSecondary/background", "textSecondary/surface", "badgeForeground/badgeBackground",
                "fieldBorder/surface",
            ])
        #expect(failures.map(\.minimum) == [4.5, 4.5, 4.5, 3.0])
        #expect(failures.first?.description == "textSecondary on background: 2.84:1 (needs 4.5:1)")
    }

    @Test("a colour that is fine on one background can fail on another")
    func sameColourDifferentBackground() {
        var theme = SampleThemes.accessible
        theme.palette.textSecondary = SampleThemes.color("#767676")  // 4.54 on white, 4.13 on #f4f4f4
        let failures = theme.contrastFailures()
        #expect(failures.count == 1)
        #expect(failures.first?.foreground == .textSecondary)
        #expect(failures.first?.background == .surface)
    }

    @Test("checks measure the theme's own colours, in the order of the requirements")
    func checksFollowRequirements() {
        let theme = SampleThemes.accessible
        for (requirement, check) in zip(Theme.contrastRequirements, theme.contrastChecks()) {
            #expect(check.foreground == requirement.foreground && check.background == requirement.background)
            #expect(check.minimum == requirement.minimum)
            #expect(
                check.ratio
                    == Contrast.ratio(
                        theme.palette[requirement.foreground],
                        theme.palette[requirement.background]))
        }
    }

    @Test("the declared pairs cover the join form and app bar, text at 4.5 and non-text at 3")
    func declaredPairs() {
        let pairs = Dictionary(
            uniqueKeysWithValues: Theme.contrastRequirements.map {
                ("\($0.foreground.rawValue)/\($0.background.rawValue)", $0.minimum)
            })
        #expect(pairs.count == Theme.contrastRequirements.count, "no pair is declared twice")
        for text in [
            "textPrimary/background", "textSecondary/background", "textPrimary/surface", "onPrimary/primary",
            "onSecondary/secondary", "appBarForeground/appBarBackground", "badgeForeground/badgeBackground",
            "fieldInvalid/background", "link/background",
        ] {
            #expect(pairs[text] == 4.5, "\(text)")
        }
        #expect(pairs["fieldBorder/surface"] == 3.0)
        #expect(pairs["fieldValid/surface"] == 3.0)
        #expect(!Theme.contrastRequirements.contains { $0.foreground == .disabledText }, "WCAG exempts disabled text")
    }
}

@Suite("Theme completeness")
struct ThemeCompletenessTests {
    @Test("palette subscripts read and write the property of the same name")
    func paletteRoles() throws {
        let palette = ColorPalette { role in
            RGBColor(red: UInt8(ColorRole.allCases.firstIndex(of: role)!), green: 0x40, blue: 0x80)
        }
        let encoded = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(palette))
        #expect(Set(encoded.keys) == Set(ColorRole.allCases.map(\.rawValue)))
        for role in ColorRole.allCases {
            #expect(encoded[role.rawValue] == palette[role].hexString, "\(role)")
        }
        #expect(Set(ColorRole.allCases.map { palette[$0] }).count == ColorRole.allCases.count)
        var changed = palette
        for role in ColorRole.allCases {
            changed[role] = .black
            #expect(changed[role] == .black)
        }
        #expect(changed == ColorPalette { _ in .black })
    }

    @Test("typography subscripts read and write the property of the same name")
    func typographyRoles() throws {
        var scale = SampleThemes.accessible.typography
        for (index, role) in TextStyleRole.allCases.enumerated() {
            scale[role].size = Double(10 + index)
        }
        let encoded = try JSONDecoder().decode([String: TextStyle].self, from: JSONEncoder().encode(scale))
        #expect(Set(encoded.keys) == Set(TextStyleRole.allCases.map(\.rawValue)))
        for (index, role) in TextStyleRole.allCases.enumerated() {
            #expect(encoded[role.rawValue]?.size == Double(10 + index), "\(role)")
            #expect(scale[role] == encoded[role.rawValue])
        }
    }

    @Test("spacing subscripts read and write the property of the same name")
    func spacingSteps() throws {
        var spacing = SpacingScale(xxs: 0, xs: 0, s: 0, m: 0, l: 0, xl: 0)
        for (index, step) in SpacingStep.allCases.enumerated() { spacing[step] = Double(index) }
        #expect(spacing == SpacingScale(xxs: 0, xs: 1, s: 2, m: 3, l: 4, xl: 5))
        let encoded = try JSONDecoder().decode([String: Double].self, from: JSONEncoder().encode(spacing))
        for step in SpacingStep.allCases { #expect(encoded[step.rawValue] == spacing[step]) }
    }

    @Test("icon subscripts read the property of the same name; only the pot icon is optional")
    func iconRoles() throws {
        let icons = SampleThemes.accessible.icons
        let encoded = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(icons))
        #expect(encoded["pot"] == nil, "a missing pot icon is not encoded")
        for role in IconRole.allCases where role != .pot {
            #expect(encoded[role.rawValue] == icons[role], "\(role)")
            #expect(icons[role] != nil)
        }
        #expect(IconRole.allCases.filter { !$0.isRequired } == [.pot])
        var withPot = icons
        withPot.pot = "icon.pot"
        #expect(withPot[.pot] == "icon.pot")
    }

    @Test("a theme survives a JSON round trip")
    func codableRoundTrip() throws {
        var theme = SampleThemes.accessible
        theme.icons.pot = "icon.pot"
        theme.palette.disabledText = SampleThemes.color("#8a8a8a80")
        let decoded = try JSONDecoder().decode(Theme.self, from: JSONEncoder().encode(theme))
        #expect(decoded == theme)
    }
}

@Suite("Theme issues")
struct ThemeIssueTests {
    @Test("the accessible sample has no issues")
    func noIssues() {
        #expect(SampleThemes.accessible.issues() == [])
        #expect(SampleThemes.accessible.spacing.isNonDecreasing)
    }

    @Test("spacing must be finite, not negative, and must not shrink from one step to the next")
    func spacing() {
        let shrinking = SpacingScale(xxs: 2, xs: 4, s: 8, m: 6, l: 24, xl: 32)
        #expect(!shrinking.isNonDecreasing)
        #expect(shrinking.problems == [.spacingDecreases(from: .s, to: .m)])
        let equal = SpacingScale(xxs: 4, xs: 4, s: 4, m: 4, l: 4, xl: 4)
        #expect(equal.isNonDecreasing && equal.problems.isEmpty)
        let negative = SpacingScale(xxs: -1, xs: 4, s: 8, m: 16, l: 24, xl: .infinity)
        #expect(negative.problems == [.invalidSpacing(.xxs, -1), .invalidSpacing(.xl, .infinity)])
    }

    @Test("text styles need a family and positive finite sizes")
    func textStyles() {
        #expect(
            TextStyle(fontFamily: " ", size: 12, weight: .regular, lineHeight: 16).problem == "font family is empty")
        #expect(TextStyle(fontFamily: "Inter", size: 0, weight: .regular, lineHeight: 16).problem != nil)
        #expect(TextStyle(fontFamily: "Inter", size: 12, weight: .regular, lineHeight: .nan).problem != nil)
        #expect(
            TextStyle(fontFamily: "Inter", size: 12, weight: .regular, lineHeight: 16, letterSpacing: .infinity)
                .problem != nil)
        #expect(
            TextStyle(fontFamily: "Inter", size: 12, weight: .regular, lineHeight: 16, letterSpacing: -0.5)
                .problem == nil, "negative tracking is allowed")
    }

    @Test("every issue is reported, in a stable order")
    func everyIssue() {
        var theme = SampleThemes.inaccessible
        theme.name = "  "
        theme.typography.caption.size = 0
        theme.spacing.m = 6
        theme.icons.search = ""
        theme.icons.pot = " "
        let issues = theme.issues()
        #expect(issues.count == 9, "\(issues)")
        #expect(issues.first == .blankName)
        #expect(issues.filter { if case .insufficientContrast = $0 { true } else { false } }.count == 4)
        #expect(
            issues.suffix(4) == [
                .invalidTextStyle(.caption, reason: "size 0.0 is not a positive number of points"),
                .spacingDecreases(from: .s, to: .m),
                .blankIconAsset(.search),
                .blankIconAsset(.pot),
            ])
        #expect(issues.map(\.description).contains("spacing m is smaller than s"))
        #expect(issues.map(\.description).contains("icon pot has a blank asset name"))
    }
}
