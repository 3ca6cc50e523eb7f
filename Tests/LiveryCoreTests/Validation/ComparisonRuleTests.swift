import Foundation
import Testing

@testable import LiveryCore

@Suite("Comparison and age rules")
struct ComparisonRuleTests {
    @Test("bounds are inclusive or exclusive as declared")
    func bounds() {
        #expect(code(ComparisonRule<Int>(.atLeast(.value(10))), 9) == .valueMin)
        #expect(code(ComparisonRule<Int>(.atLeast(.value(10))), 10) == nil)
        #expect(code(ComparisonRule<Int>(.greaterThan(.value(10))), 10) == .valueMin)
        #expect(code(ComparisonRule<Int>(.atMost(.value(10))), 11) == .valueMax)
        #expect(code(ComparisonRule<Int>(.atMost(.value(10))), 10) == nil)
        #expect(code(ComparisonRule<Int>(.lessThan(.value(10))), 10) == .valueMax)
        let range = ComparisonRule<Decimal>(.between(.value(10), .value(5000)))
        #expect(code(range, 9.99) == .valueRange)
        #expect(code(range, 10) == nil)
        #expect(code(range, 5000) == nil)
        #expect(code(range, 5000.01) == .valueRange)
    }

    @Test("computed bounds are read each time the rule runs")
    func computedBound() async {
        let clock = VirtualClock()
        let rule = ComparisonRule<Duration>(.atLeast(.computed { clock.now.offset }))
        #expect(code(rule, .seconds(1)) == nil)
        await clock.advance(by: .seconds(2))
        #expect(code(rule, .seconds(1)) == .valueMin)
    }

    private func ageRule(today: CalendarDay) -> MinimumAgeRule {
        MinimumAgeRule(years: 18, clock: .fixed(today))
    }

    private func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    @Test("18 or older: the day before the 18th birthday fails, the birthday passes")
    func birthday() {
        let rule = ageRule(today: day("2026-11-21"))
        #expect(code(rule, day("2008-11-22")) == .ageMinimum)
        #expect(code(rule, day("2008-11-21")) == nil)
        #expect(code(rule, day("2008-11-20")) == nil)
        #expect(code(rule, day("1930-01-01")) == nil)
        #expect(code(rule, day("2026-11-21")) == .ageMinimum)
    }

    @Test("born on 29 February: 18 on 1 March in a common year")
    func leapDayBirth() {
        let born = day("2008-02-29")
        #expect(code(ageRule(today: day("2026-02-28")), born) == .ageMinimum)
        #expect(code(ageRule(today: day("2026-03-01")), born) == nil)
    }

    @Test("today on 29 February: someone born on 28 February 18 years ago is 18")
    func leapDayToday() {
        let rule = ageRule(today: day("2028-02-29"))
        #expect(code(rule, day("2010-02-28")) == nil)
        #expect(code(rule, day("2010-03-01")) == .ageMinimum)
        #expect(code(ageRule(today: day("2024-02-29")), day("2006-02-28")) == nil)
    }

    @Test("today depends on the injected calendar's time zone")
    func timeZone() throws {
        // 2026-11-20T20:00Z is already 21 November in Sydney (UTC+11).
        let instant = Date(timeIntervalSince1970: 1_795_204_800)
        var sydney = Calendar(identifier: .gregorian)
        sydney.timeZone = try #require(TimeZone(identifier: "Australia/Sydney"))
        let inSydney = MinimumAgeRule(years: 18, clock: WallClock(calendar: sydney) { instant })
        let inUTC = MinimumAgeRule(years: 18, clock: WallClock(calendar: WallClock.gregorianUTC) { instant })
        let born = day("2008-11-21")
        #expect(code(inSydney, born) == nil)
        #expect(code(inUTC, born) == .ageMinimum)
    }

    @Test("one rule follows its clock over midnight in the clock's time zone: the boundary is not kept past its day")
    func boundaryMovesAtMidnight() throws {
        var sydney = Calendar(identifier: .gregorian)
        sydney.timeZone = try #require(TimeZone(identifier: "Australia/Sydney"))
        // 2026-11-20T12:59:59Z is 23:59:59 on 20 November in Sydney; a second later it is the 21st.
        let instant = Locked(Date(timeIntervalSince1970: 1_795_179_599))
        let rule = MinimumAgeRule(years: 18, clock: WallClock(calendar: sydney) { instant.withLock { $0 } })
        let born = day("2008-11-21")
        #expect(code(rule, born) == .ageMinimum)
        #expect(code(rule, day("2008-11-20")) == nil)
        instant.withLock { $0 += 1 }
        #expect(code(rule, born) == nil, "18 from the first second of the birthday")
        instant.withLock { $0 -= 2 }
        #expect(code(rule, born) == .ageMinimum, "a clock set back is followed too")
    }

    @Test("day numbers count consecutive days across month ends, leap days and centuries, as the calendar does")
    func dayNumbers() throws {
        #expect(day("1970-01-01").dayNumber == 0)
        #expect(day("1969-12-31").dayNumber == -1)
        #expect(day("2000-02-29").dayNumber + 1 == day("2000-03-01").dayNumber)
        #expect(day("1900-02-28").dayNumber + 1 == day("1900-03-01").dayNumber)
        let calendar = WallClock.gregorianUTC
        var date = try #require(calendar.date(from: DateComponents(year: 1895, month: 1, day: 1, hour: 12)))
        var expected = try #require(CalendarDay(year: 1895, month: 1, day: 1)).dayNumber
        var wrong: [CalendarDay] = []
        for _ in 0..<(366 * 140) {  // every day to 2035, one calendar step at a time
            let found = CalendarDay(date, in: calendar)
            if found.dayNumber != expected { wrong.append(found) }
            date = try #require(calendar.date(byAdding: .day, value: 1, to: date))
            expected += 1
        }
        #expect(wrong.isEmpty, "first wrong: \(wrong.prefix(3))")
        #expect(expected == CalendarDay(year: 2035, month: 4, day: 17)!.dayNumber)
    }

    @Test("the age rule applies to typed dd/mm/yyyy text through a conversion")
    func convertedAge() {
        let rule = ageRule(today: day("2026-11-21")).converting(
            from: String.self,
            unreadable: RuleViolation(code: "date.invalid", template: "Enter a real date.")
        ) { text -> CalendarDay? in
            let parts = text.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return CalendarDay(year: parts[2], month: parts[1], day: parts[0])
        }
        #expect(code(rule, "21/11/2008") == nil)
        #expect(code(rule, "22/11/2008") == .ageMinimum)
        #expect(code(rule, "29/02/2007") == "date.invalid")
    }
}
