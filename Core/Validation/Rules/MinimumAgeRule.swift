import Foundation

/// A date of birth must make the person at least a given age today.
///
/// The birth day must be at most "today minus `years` years", where today
/// comes from a ``WallClock`` (its calendar and time zone decide the day):
/// the rule's own when it is given one, otherwise the clock of the form it is
/// checked in (``Form/wallClock``), so one rule serves forms on different
/// clocks; with neither, the system's. Someone turns 18 on their 18th
/// birthday; someone born on 29 February does so on 1 March in a common
/// year. The latest birth day allowed is worked out once per day, as a day
/// number, so a check is one comparison of integers. Code `age.minimum`
/// (parameter `years`).
public struct MinimumAgeRule: ValidationRule {
    /// The age required, in whole years.
    public let years: Int
    /// The rule's own clock, if it has one.
    public let clock: WallClock?
    private let boundary: AgeBoundary
    private let violation: RuleViolation

    /// At least `years` old on today of the form the rule is checked in.
    public init(years: Int) {
        self.init(years: years, ownClock: nil)
    }

    /// At least `years` old on `clock`'s today, whatever form the rule is checked in.
    public init(years: Int, clock: WallClock) {
        self.init(years: years, ownClock: clock)
    }

    private init(years: Int, ownClock: WallClock?) {
        self.years = years
        self.clock = ownClock
        boundary = AgeBoundary(years: years)
        violation = RuleViolation(
            code: .ageMinimum, parameters: ["years": String(years)],
            template: "You must be {years} or older to join.")
    }

    /// Fails when `birthDay` is later than today minus `years` years.
    public func check(_ birthDay: CalendarDay, in context: ValidationContext) -> RuleViolation? {
        // Each clock is read where it is stored: copying one would cost more than the check.
        let today = clock?.today ?? context.wallClock?.today ?? WallClock.systemDefault.today
        return birthDay.dayNumber <= boundary.latestBirthDay(on: today) ? nil : violation
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

/// The latest birth day (as a day number) that is old enough on the last
/// day asked about. The clock keeps its own today; this keeps the step from
/// that day to the birth day, so a rule shared by forms on several clocks
/// works it out again only when the day differs.
private final class AgeBoundary: Sendable {
    private let years: Int
    private let memo = Locked<(today: CalendarDay, latest: Int)?>(nil)

    init(years: Int) { self.years = years }

    func latestBirthDay(on today: CalendarDay) -> Int {
        if let known = memo.withLock({ $0 }), known.today == today { return known.latest }
        let latest = today.subtracting(years: years).dayNumber
        memo.withLock { $0 = (today, latest) }
        return latest
    }
}
