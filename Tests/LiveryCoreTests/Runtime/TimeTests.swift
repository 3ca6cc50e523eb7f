import Foundation
import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Virtual clock and calendar days")
struct TimeTests {
    @Test("sleepers wake only when virtual time reaches their deadline")
    func virtualSleep() async throws {
        let clock = VirtualClock()
        let woke = Task { try await clock.sleep(until: clock.now.advanced(by: .milliseconds(300))) }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(1))
        try await woke.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .milliseconds(300))
    }

    @Test("a cancelled sleeper throws and leaves the clock")
    func cancelledSleep() async {
        let clock = VirtualClock()
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(5))) }
        await clock.waitForSleepers()
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test("an engine clock deadline taken before sleeping is not pushed back by a late start")
    func engineDeadline() async throws {
        let clock = VirtualClock()
        let engine = EngineClock(clock)
        let deadline = engine.deadline(after: .milliseconds(300))
        await clock.advance(by: .milliseconds(300))
        try await engine.sleep(until: deadline)  // returns at once: the deadline has passed
        #expect(engine.now == .milliseconds(300))
    }

    @Test("the virtual date moves with virtual time")
    func virtualDate() async {
        let start = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21T00:00Z
        let clock = VirtualClock(startDate: start)
        await clock.advance(by: .seconds(86_400))
        #expect(clock.wallClock().today == CalendarDay(year: 2026, month: 11, day: 22))
    }

    @Test("today follows the wall clock across midnight and back, in the clock's time zone")
    func todayAcrossMidnight() throws {
        var sydney = Calendar(identifier: .gregorian)
        sydney.timeZone = try #require(TimeZone(identifier: "Australia/Sydney"))
        // 2026-10-04T12:59:59Z is 23:59:59 in Sydney (UTC+11 from that morning's daylight saving change).
        let beforeMidnight = Date(timeIntervalSince1970: 1_791_118_799)
        let date = SettableDate(beforeMidnight)
        let wallClock = WallClock(calendar: sydney) { date.value.withLock { $0 } }
        #expect(wallClock.today == CalendarDay(year: 2026, month: 10, day: 4))
        #expect(wallClock.today == CalendarDay(year: 2026, month: 10, day: 4))
        date.value.withLock { $0 = beforeMidnight.addingTimeInterval(1) }
        #expect(wallClock.today == CalendarDay(year: 2026, month: 10, day: 5))
        // A clock set back (by a person or by time synchronisation) is believed too.
        date.value.withLock { $0 = beforeMidnight.addingTimeInterval(-86_400) }
        #expect(wallClock.today == CalendarDay(year: 2026, month: 10, day: 3))
        #expect(
            WallClock(calendar: WallClock.gregorianUTC) { beforeMidnight }.today
                == CalendarDay(year: 2026, month: 10, day: 4))
    }

    @Test("calendar days reject impossible dates and order chronologically")
    func calendarDays() throws {
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2026, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        #expect(try #require(CalendarDay(iso: "2008-02-29")).subtracting(years: 1) == CalendarDay(iso: "2007-02-28"))
        #expect(CalendarDay(iso: "2026-1-01") == nil)
        #expect(CalendarDay(iso: "2026-11-21")! < CalendarDay(iso: "2026-12-01")!)
        let encoded = try JSONEncoder().encode([CalendarDay(iso: "0999-01-02")!])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"0999-01-02\"]")
    }
}

/// A date a test sets, read by a wall clock.
private final class SettableDate: Sendable {
    let value: Locked<Date>
    init(_ date: Date) { value = Locked(date) }
}

@Suite("Durations as written")
struct DurationTextTests {
    @Test("decimal numbers with a unit are durations; hexadecimal, exponents, signs and words are not")
    func parse() {
        let day = Duration.seconds(86_400)
        #expect(DurationText.parse("300ms", maximum: day) == .milliseconds(300))
        #expect(DurationText.parse(" 1.5s ", maximum: day) == .milliseconds(1500))
        #expect(DurationText.parse("2m", maximum: day) == .seconds(120))
        #expect(DurationText.parse("0ms", maximum: day) == .zero)
        for refused in [
            "0x10s", "0X10S", "1e3ms", "+5s", "-0s", "infms", "nan s", "1.s", ".5s", "1.2.3s", "5", "s", "25h", "١٢s",
        ] {
            #expect(DurationText.parse(refused, maximum: day) == nil, "\(refused)")
        }
    }
}
