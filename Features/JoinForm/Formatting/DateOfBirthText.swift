import LiveryCore

/// Dates of birth as typed: digits shown as `dd/mm/yyyy`.
public enum DateOfBirthText {
    /// The day written as `dd/mm/yyyy`, or `nil` when the text is not exactly
    /// that shape or names no real day (e.g. `29/02/2007`).
    public static func day(from text: String) -> CalendarDay? {
        let bytes = text.utf8
        guard bytes.count == 10 else { return nil }
        var fields = (day: 0, month: 0, year: 0)
        for (offset, byte) in bytes.enumerated() {
            if offset == 2 || offset == 5 {
                guard byte == UInt8(ascii: "/") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch offset {
            case ..<2: fields.day = fields.day * 10 + digit
            case ..<5: fields.month = fields.month * 10 + digit
            default: fields.year = fields.year * 10 + digit
            }
        }
        return CalendarDay(year: fields.year, month: fields.month, day: fields.day)
    }

    /// The violation for text that is not a real `dd/mm/yyyy` day (code `date.invalid`).
    public static let unreadable = RuleViolation(code: "date.invalid", template: "Enter a real date as dd/mm/yyyy.")
}
