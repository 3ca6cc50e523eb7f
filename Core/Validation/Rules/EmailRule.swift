/// The text must be an e-mail address.
///
/// Follows the "valid e-mail address" rule of the WHATWG HTML standard
/// (the rule browsers use for `<input type=email>`): a local part of ASCII
/// letters, digits, a backtick and any of `!#$%&'*+/=?^_{|}~.-`, an `@`, and a domain of
/// dot-separated labels of letters, digits and hyphens, each 1–63 characters,
/// not starting or ending with a hyphen. Two stricter points, for sign-up:
/// the domain must contain at least one dot (`name@localhost` is rejected),
/// and the whole address is at most 254 characters. Non-ASCII characters are
/// rejected, as in the HTML rule. Code `email.format`.
public struct EmailRule: ValidationRule {
    /// The longest address accepted.
    public static let maximumLength = 254

    /// The rule, as the type describes it.
    public init() {}

    /// Fails unless `value` is an address as described above.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        EmailRule.isValid(value) ? nil : Self.violation
    }

    private static let violation = RuleViolation(code: .emailFormat, template: "Enter a valid email address.")

    /// Whether `text` is an address as described above.
    public static func isValid(_ text: String) -> Bool {
        text.withUTF8Bytes(isValid(bytes:))
    }

    private static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= maximumLength, let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, local.allSatisfy(isLocalPartByte) else { return false }
        var labels = 0
        var labelLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in domain {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labels += 1
                labelLength = 0
            } else {
                guard isAlphanumeric(byte) || byte == UInt8(ascii: "-") else { return false }
                if labelLength == 0, byte == UInt8(ascii: "-") { return false }
                labelLength += 1
                guard labelLength <= 63 else { return false }
            }
            previous = byte
        }
        guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
        return labels + 1 >= 2
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        if isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
