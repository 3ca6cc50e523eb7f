import Foundation

/// A date of birth must make the person at least a given age today.
///
/// The birth day must be at most "today minus `years` years", where today
/// comes from an injected ``WallClock`` (its calendar and time zone decide
/// the day). Someone turns 18 on their 18th birthday; someone born on
/// 29 February does so on 1 March in a common year. The latest birth day
/// allowed is worked out once per day of the clock, as a day number, so a
/// check is one comparison of integers. Code `age.minimum` (parameter `years`).
public struct MinimumAgeRule: ValidationRule {
    /// The age required, in whole years.
    public let years: Int
    private let boundary: AgeBoundary
    private let violation: RuleViolation

    /// At least `years` old on `clock`'s today.
    public init(years: Int, clock: WallClock) {
        self.years = years
        boundary = AgeBoundary(years: years, clock: clock)
        violation = RuleViolation(
            code: .ageMinimum, parameters: ["years": String(years)],
            template: "You must be {years} or older to join.")
    }

    /// Fails when `birthDay` is later than today minus `years` years.
    public func check(_ birthDay: CalendarDay, in context: ValidationContext) -> RuleViolation? {
        birthDay.dayNumber <= boundary.latestBirthDay() ? nil : violation
    }
}

extension MinimumAgeRule {
    /// The rule applied to typed text: `read` turns the text into a day, and
    /// text it cannot read is reported as `unreadable`.
    ///
    /// The same as the general ``ValidationRule/converting(from:unreadable:_:)``,
    /// as a concrete rule, so a check runs without generic look-ups.
    public func converting(
        from: String.Type = String.self, unreadable: RuleViolation,
        _ read: @escaping @Sendable (String) -> CalendarDay?
    ) -> TypedAgeRule {
        TypedAgeRule(age: self, unreadable: unreadable, read: read)
    }
}

/// A minimum age checked on a typed date (see ``MinimumAgeRule/converting(from:unreadable:_:)``).
public struct TypedAgeRule: ValidationRule {
    /// The rule the day read from the text must pass.
    public let age: MinimumAgeRule
    private let unreadable: RuleViolation
    private let read: @Sendable (String) -> CalendarDay?

    init(age: MinimumAgeRule, unreadable: RuleViolation, read: @escaping @Sendable (String) -> CalendarDay?) {
        self.age = age
        self.unreadable = unreadable
        self.read = read
    }

    /// `unreadable` when the text names no day, else the age rule's verdict on the day.
    public func check(_ text: String, in context: ValidationContext) -> RuleViolation? {
        guard let day = read(text) else { return unreadable }
        return age.check(day, in: context)
    }
}

/// The latest birth day (as a day number) that is old enough on the clock's
/// today, kept with the span of instants that today covers.
private final class AgeBoundary: Sendable {
    private let years: Int
    private let clock: WallClock
    private let memo = Locked<(instants: Range<Date>, latest: Int)?>(nil)

    init(years: Int, clock: WallClock) {
        self.years = years
        self.clock = clock
    }

    func latestBirthDay() -> Int {
        let now = clock.now
        if let known = memo.withLock({ $0 }), known.instants.contains(now) { return known.latest }
        let today = CalendarDay(now, in: clock.calendar)
        let latest = today.subtracting(years: years).dayNumber
        if let instants = clock.calendar.dateInterval(of: .day, for: now) {
            memo.withLock { $0 = (instants.start..<instants.end, latest) }
        }
        return latest
    }
}
