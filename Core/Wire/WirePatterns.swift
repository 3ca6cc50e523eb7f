/// The regular expressions the published contract gives for texts whose
/// form is fixed, each exactly what the server's reader takes (a test holds
/// each one to its reader): ECMA-262 syntax, anchored at both ends.
public enum WirePatterns {
    /// A day that exists, `yyyy-mm-dd` (years 0000–9999, the Gregorian
    /// calendar carried back): what `CalendarDay(iso:)` reads.
    public static let calendarDay = "^" + calendarDayBody + "$"

    /// An RFC 3339 time, `2026-06-01T09:30:00.000+10:00`: a day that exists,
    /// `T`, hours, minutes and seconds (no leap second), optional fractions,
    /// and `Z` or an offset; what a run's time header must be.
    public static let time =
        "^" + calendarDayBody + "[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?"
        + "(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$"

    /// A world's id: 32 lower-case hexadecimal digits.
    public static let world = "^[0-9a-f]{32}$"

    /// Text of at most `words` words, a word being a run of anything but
    /// ASCII white space (space, tab, line feed, vertical tab, form feed, carriage return).
    public static func words(atMost words: Int) -> String {
        "^[\\t-\\r ]*(?:[^\\t-\\r ]+(?:[\\t-\\r ]+|$)){0,\(words)}$"
    }

    /// `yyyy-mm-dd` of a day that exists, unanchored.
    static let calendarDayBody =
        "(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)"
        + "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)"
}
