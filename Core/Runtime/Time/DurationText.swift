/// Durations as people write them in scenarios, flags and fault plans:
/// `300ms`, `2s`, `1.5s`, `2m`, `1h`. The one reader every input goes through, so
/// no text can reach a conversion that traps.
public enum DurationText {
    /// The units understood, with their length in milliseconds.
    public static let units: [(suffix: String, milliseconds: Double)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]

    /// The duration `text` names, or `nil` when it is not a decimal number
    /// (digits, perhaps a point and more digits: no sign, exponent, hexadecimal
    /// or `inf`) with a unit, or is longer than `maximum`.
    public static func parse(_ text: String, maximum: Duration) -> Duration? {
        let value = text.trimmingWhitespace.lowercased()
        let limit = Double(maximum.components.seconds) * 1000 + Double(maximum.components.attoseconds) / 1e15
        for unit in units where value.hasSuffix(unit.suffix) {
            let digits = String(value.dropLast(unit.suffix.count)).trimmingWhitespace
            guard isDecimal(digits), let number = Double(digits), number.isFinite else { return nil }
            let milliseconds = number * unit.milliseconds
            guard milliseconds <= limit else { return nil }
            return .milliseconds(Int64(milliseconds.rounded()))
        }
        return nil
    }

    /// `duration` in whole milliseconds, as durations are written (rounded toward zero).
    public static func wholeMilliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Whether `text` is digits, or digits, a point and digits (at most 30 characters).
    private static func isDecimal(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        return text.utf8.count <= 30
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}
