import Foundation

/// An sRGB colour with 8-bit components and alpha, as design tokens write it
/// (`#rrggbb`, or `#rrggbbaa` when translucent).
///
/// Encodes and decodes as its hex string.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Alpha, from 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Opaque black, `#000000`.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// Opaque white, `#ffffff`.
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// A colour from 8-bit components; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rrggbb` or `#rrggbbaa`: the `#` is optional and letters may be
    /// in either case. Nothing else is accepted (no `#rgb` shorthand, no
    /// white space, no colour names).
    /// - Throws: ``ThemeError/invalidHexColor(_:)`` carrying `hex` as given.
    public init(hex: String) throws(ThemeError) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        let bytes = Array(digits.utf8)
        guard bytes.count == 6 || bytes.count == 8 else { throw .invalidHexColor(hex) }
        var value: UInt32 = 0
        for byte in bytes {
            guard let nibble = Self.nibble(byte) else { throw .invalidHexColor(hex) }
            value = value << 4 | UInt32(nibble)
        }
        if bytes.count == 6 { value = value << 8 | 0xFF }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
            blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value))
    }

    /// Whether the colour is fully opaque.
    public var isOpaque: Bool { alpha == 255 }

    /// `#rrggbb` in lowercase, or `#rrggbbaa` when the colour is not opaque.
    public var hexString: String {
        let components = isOpaque ? [red, green, blue] : [red, green, blue, alpha]
        var text = "#"
        for component in components {
            text.append(Self.hexDigits[Int(component >> 4)])
            text.append(Self.hexDigits[Int(component & 0x0F)])
        }
        return text
    }

    /// The colour as `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String { hexString }

    /// Relative luminance per WCAG 2.2, from 0 (black) to 1 (white): each sRGB
    /// channel c = value / 255 is linearised as c / 12.92 when c ≤ 0.04045 and
    /// ((c + 0.055) / 1.055)^2.4 otherwise, then weighted
    /// 0.2126 R + 0.7152 G + 0.0722 B. Alpha is ignored; composite a
    /// translucent colour with ``composited(over:)`` first.
    public var relativeLuminance: Double {
        0.2126 * Self.linearised(red) + 0.7152 * Self.linearised(green) + 0.0722 * Self.linearised(blue)
    }

    /// This colour drawn over `background` ("source over"), rounded to 8 bits
    /// per channel as a display would show it. The result is opaque: the
    /// background's own alpha is ignored (it is taken to be opaque).
    public func composited(over background: RGBColor) -> RGBColor {
        guard !isOpaque else { return self }
        let opacity = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
        }
        return RGBColor(
            red: mix(red, background.red), green: mix(green, background.green),
            blue: mix(blue, background.blue))
    }

    /// Decodes from a hex string such as `"#0b5cad"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(hex: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as ``hexString``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }

    private static let hexDigits = Array("0123456789abcdef")

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func linearised(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
