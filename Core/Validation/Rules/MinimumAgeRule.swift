/// A date of birth must make the person at least a given age today.
///
/// Built on ``ComparisonRule``: the birth day must be at most "today minus
/// `years` years", where today comes from an injected ``WallClock`` (its
/// calendar and time zone decide the day). Someone turns 18 on their 18th
/// birthday; someone born on 29 February does so on 1 March in a common
/// year. Code `age.minimum` (parameter `years`).
public struct MinimumAgeRule: ValidationRule {
    /// The age required, in whole years.
    public let years: Int
    private let comparison: ComparisonRule<CalendarDay>

    /// At least `years` old on `clock`'s today.
    public init(years: Int, clock: WallClock) {
        self.years = years
        self.comparison = ComparisonRule(.atMost(.computed { clock.today.subtracting(years: years) }))
        violation = RuleViolation(
            code: .ageMinimum, parameters: ["years": String(years)],
            template: "You must be {years} or older to join.")
    }

    private let violation: RuleViolation

    /// Fails when `birthDay` is later than today minus `years` years.
    public func check(_ birthDay: CalendarDay, in context: ValidationContext) -> RuleViolation? {
        guard comparison.check(birthDay, in: context) != nil else { return nil }
        return violation
    }
}
