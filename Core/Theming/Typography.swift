/// The text styles a brand must define. Raw values are the design-token
/// names (`typography.body`).
public enum TextStyleRole: String, Hashable, Sendable, Codable, CaseIterable {
    /// Screen titles.
    case title
    /// Section headings.
    case headline
    /// Body text and inputs.
    case body
    /// Hints, captions and error messages.
    case caption
    /// Button labels.
    case button
    /// Badge and counter digits.
    case badge
}

/// A font weight, with the numeric value (100–900) that CSS and design
/// tokens use.
public enum FontWeight: Int, Hashable, Sendable, Codable, CaseIterable {
    /// 100.
    case thin = 100
    /// 200.
    case extraLight = 200
    /// 300.
    case light = 300
    /// 400.
    case regular = 400
    /// 500.
    case medium = 500
    /// 600.
    case semibold = 600
    /// 700.
    case bold = 700
    /// 800.
    case extraBold = 800
    /// 900.
    case black = 900
}

/// One text style. Sizes are in points.
public struct TextStyle: Hashable, Sendable, Codable {
    /// The font family, e.g. "Inter".
    public var fontFamily: String
    /// The families tried in order when ``fontFamily`` is not available,
    /// usually ending in a generic family such as `sans-serif`.
    public var fallbacks: [String]
    /// The font size in points.
    public var size: Double
    /// How heavy the strokes are, from thin to black.
    public var weight: FontWeight
    /// The distance between baselines in points (not a multiple of `size`).
    public var lineHeight: Double
    /// Extra space between letters in points; 0 for the font's own spacing.
    public var letterSpacing: Double

    /// A style of `fontFamily` (then its `fallbacks`) at `size` points, `weight`, `lineHeight` and `letterSpacing`.
    public init(
        fontFamily: String, fallbacks: [String] = [], size: Double, weight: FontWeight, lineHeight: Double,
        letterSpacing: Double = 0
    ) {
        self.fontFamily = fontFamily
        self.fallbacks = fallbacks
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }

    /// Why the style cannot be used, or `nil` when it can: the family must
    /// not be blank, size and line height must be finite and positive, and
    /// letter spacing finite.
    public var problem: String? {
        if fontFamily.allSatisfy(\.isWhitespace) { return "font family is empty" }
        if fallbacks.contains(where: { $0.allSatisfy(\.isWhitespace) }) { return "a fallback font family is empty" }
        if !size.isFinite || size <= 0 { return "size \(size) is not a positive number of points" }
        if !lineHeight.isFinite || lineHeight <= 0 {
            return "line height \(lineHeight) is not a positive number of points"
        }
        if !letterSpacing.isFinite { return "letter spacing \(letterSpacing) is not a finite number of points" }
        return nil
    }
}

/// A text style for every ``TextStyleRole``. Every role is a stored,
/// non-optional property, so a scale missing a role does not compile.
public struct TypographyScale: Hashable, Sendable, Codable {
    /// See ``TextStyleRole/title``.
    public var title: TextStyle
    /// See ``TextStyleRole/headline``.
    public var headline: TextStyle
    /// See ``TextStyleRole/body``.
    public var body: TextStyle
    /// See ``TextStyleRole/caption``.
    public var caption: TextStyle
    /// See ``TextStyleRole/button``.
    public var button: TextStyle
    /// See ``TextStyleRole/badge``.
    public var badge: TextStyle

    /// A scale with every role.
    public init(
        title: TextStyle, headline: TextStyle, body: TextStyle, caption: TextStyle, button: TextStyle,
        badge: TextStyle
    ) {
        self.title = title
        self.headline = headline
        self.body = body
        self.caption = caption
        self.button = button
        self.badge = badge
    }

    /// The style of `role`.
    public subscript(role: TextStyleRole) -> TextStyle {
        get {
            switch role {
            case .title: title
            case .headline: headline
            case .body: body
            case .caption: caption
            case .button: button
            case .badge: badge
            }
        }
        set {
            switch role {
            case .title: title = newValue
            case .headline: headline = newValue
            case .body: body = newValue
            case .caption: caption = newValue
            case .button: button = newValue
            case .badge: badge = newValue
            }
        }
    }
}

extension TypographyScale {
    /// The standard scale in one font family: title 24/30 bold, headline
    /// 18/24 semibold, body 16/22, caption 12/16, button 16/20 semibold,
    /// badge 11/14 bold; `fallbacks` are tried in order when the family is
    /// not available.
    public init(fontFamily: String, fallbacks: [String] = []) {
        func style(_ size: Double, _ weight: FontWeight, _ lineHeight: Double) -> TextStyle {
            TextStyle(fontFamily: fontFamily, fallbacks: fallbacks, size: size, weight: weight, lineHeight: lineHeight)
        }
        self.init(
            title: style(24, .bold, 30), headline: style(18, .semibold, 24), body: style(16, .regular, 22),
            caption: style(12, .regular, 16), button: style(16, .semibold, 20), badge: style(11, .bold, 14))
    }
}
