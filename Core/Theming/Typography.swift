/// The text styles a brand must define.
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

/// A font weight, with the numeric value design tokens use.
public enum FontWeight: Int, Hashable, Sendable, Codable, CaseIterable {
    /// 400.
    case regular = 400
    /// 500.
    case medium = 500
    /// 600.
    case semibold = 600
    /// 700.
    case bold = 700
}

/// One text style.
public struct TextStyle: Hashable, Sendable, Codable {
    /// The font family, e.g. "Inter".
    public var fontFamily: String
    /// The size in points.
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// The line height in points.
    public var lineHeight: Double

    /// A text style.
    public init(fontFamily: String, size: Double, weight: FontWeight, lineHeight: Double) {
        self.fontFamily = fontFamily
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
    }
}

/// A text style for every ``TextStyleRole``.
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
    public init(title: TextStyle, headline: TextStyle, body: TextStyle, caption: TextStyle, button: TextStyle, badge: TextStyle) {
        self.title = title
        self.headline = headline
        self.body = body
        self.caption = caption
        self.button = button
        self.badge = badge
    }

    /// The style of `role`.
    public subscript(role: TextStyleRole) -> TextStyle {
        switch role {
        case .title: title
        case .headline: headline
        case .body: body
        case .caption: caption
        case .button: button
        case .badge: badge
        }
    }
}
