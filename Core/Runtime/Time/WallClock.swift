import Foundation

/// The calendar side of time: the current date and the calendar (with its
/// time zone) that turns it into a day. Injected wherever a rule needs
/// "today", such as a minimum-age check.
public struct WallClock: Sendable {
    /// The calendar that decides which day it is.
    public let calendar: Calendar
    private let currentDate: @Sendable () -> Date
    /// The last day found and the instants it spans (shared by copies).
    private let lastDay = Locked<(dates: Range<Date>, day: CalendarDay)?>(nil)

    /// A wall clock reading `now` in `calendar`.
    public init(calendar: Calendar, now: @escaping @Sendable () -> Date) {
        self.calendar = calendar
        self.currentDate = now
    }

    /// The current date.
    public var now: Date { currentDate() }

    /// The current day in the clock's calendar and time zone.
    /// Asking the calendar is slow, so the clock remembers the last day it
    /// found and the interval it spans; any date inside it is that day.
    public var today: CalendarDay {
        let date = now
        return lastDay.withLock { last in
            if let last, last.dates.contains(date) { return last.day }
            let day = CalendarDay(date, in: calendar)
            if let interval = calendar.dateInterval(of: .day, for: date) { last = (interval.start..<interval.end, day) }
            return day
        }
    }

    /// The system clock read in `calendar`.
    public static func system(calendar: Calendar = .current) -> WallClock {
        WallClock(calendar: calendar) { Date() }
    }

    /// A clock stopped at noon (UTC) on `day`.
    public static func fixed(_ day: CalendarDay) -> WallClock {
        let date = gregorianUTC.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        return WallClock(calendar: gregorianUTC) { date }
    }

    /// The system clock in the current calendar, made once (so the day it
    /// remembers is shared by everything that reads it).
    public static let systemDefault = WallClock.system()

    /// The Gregorian calendar in UTC.
    public static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
