import LiveryCore

/// Dates of birth as typed: digits shown as `dd/mm/yyyy`.
public enum DateOfBirthText {
    /// The day written as `dd/mm/yyyy`, or `nil` when the text is not exactly
    /// that shape or names no real day (e.g. `29/02/2007`).
    public static func day(from text: String) -> CalendarDay? {
        var text = text
        return text.withUTF8 { bytes -> CalendarDay? in
            let slash = UInt8(ascii: "/")
            guard bytes.count == 10, bytes[2] == slash, bytes[5] == slash else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let day = number(0..<2), let month = number(3..<5), let year = number(6..<10) else { return nil }
            return CalendarDay(year: year, month: month, day: day)
        }
    }

    /// The violation for text that is not a real `dd/mm/yyyy` day (code `date.invalid`).
    public static let unreadable = RuleViolation(code: "date.invalid", template: "Enter a real date as dd/mm/yyyy.")
}
