import LiveryCore

/// Dates of birth as typed: digits shown as `dd/mm/yyyy`.
public enum DateOfBirthText {
    /// The day written as `dd/mm/yyyy`, or `nil` when the text is not exactly
    /// that shape or names no real day (e.g. `29/02/2007`).
    public static func day(from text: String) -> CalendarDay? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The violation for text that is not a real `dd/mm/yyyy` day (code `date.invalid`).
    public static let unreadable = RuleViolation(code: "date.invalid", template: "Enter a real date as dd/mm/yyyy.")
}
