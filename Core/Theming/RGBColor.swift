import Foundation

/// An sRGB colour with alpha, as design tokens write it (`#rrggbb` or `#rrggbbaa`).
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public let red: UInt8
    /// Green, 0–255.
    public let green: UInt8
    /// Blue, 0–255.
    public let blue: UInt8
    /// Alpha, 0 (transparent) – 255 (opaque).
    public let alpha: UInt8

    /// A colour from 8-bit components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (the `#` optional, any letter case).
    /// - Throws: ``ThemeError/invalidHexColor(_:)`` naming the text.
    public init(hex: String) throws(ThemeError) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { throw .invalidHexColor(hex) }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(rgba >> 24 & 0xFF), green: UInt8(rgba >> 16 & 0xFF),
                  blue: UInt8(rgba >> 8 & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque, in lowercase.
    public var hexString: String {
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + parts.map { String(format: "%02x", $0) }.joined()
    }

    /// The hex string.
    public var description: String { hexString }

    /// Relative luminance per WCAG 2.2: each sRGB channel linearised (threshold
    /// 0.04045), weighted 0.2126 R + 0.7152 G + 0.0722 B. Alpha is ignored.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This colour drawn over `background` (which is taken as opaque).
    public func composited(over background: RGBColor) -> RGBColor {
        guard alpha < 255 else { return self }
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGBColor(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    /// Decodes from a hex string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(hex: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as a hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}

/// A theme value that cannot be used.
public enum ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Text that is not `#rrggbb` or `#rrggbbaa`.
    case invalidHexColor(String)

    /// What is wrong.
    public var description: String {
        switch self {
        case .invalidHexColor(let text): "'\(text)' is not a colour: expected #rrggbb or #rrggbbaa"
        }
    }
}
