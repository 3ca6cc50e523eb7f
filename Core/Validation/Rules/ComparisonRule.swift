/// The value must lie on the right side of one or two bounds.
///
/// Bounds are either fixed or computed each time the rule runs (for
/// example "the day 18 years before today", read from an injected clock).
/// Codes: `value.min` (lower bound only; parameters `minimum`, `inclusive`),
/// `value.max` (`maximum`, `inclusive`), `value.range` (`minimum`, `maximum`).
public struct ComparisonRule<Value: Comparable & Sendable>: ValidationRule {
    /// A bound: a fixed value or one computed when the rule runs.
    public struct Bound: Sendable {
        let resolve: @Sendable () -> Value

        /// A fixed bound.
        public static func value(_ value: Value) -> Bound { Bound { value } }

        /// A bound computed each time the rule runs.
        public static func computed(_ compute: @escaping @Sendable () -> Value) -> Bound { Bound(resolve: compute) }
    }

    /// What the value is compared with.
    public enum Constraint: Sendable {
        /// `value >= bound`.
        case atLeast(Bound)
        /// `value > bound`.
        case greaterThan(Bound)
        /// `value <= bound`.
        case atMost(Bound)
        /// `value < bound`.
        case lessThan(Bound)
        /// `lower <= value <= upper`.
        case between(Bound, Bound)
    }

    /// The comparison.
    public let constraint: Constraint

    /// A rule that fails when the value breaks `constraint`.
    public init(_ constraint: Constraint) { self.constraint = constraint }

    /// Fails when the comparison does not hold.
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        switch constraint {
        case .atLeast(let bound):
            let minimum = bound.resolve()
            return value >= minimum ? nil : Self.belowMinimum(minimum, inclusive: true)
        case .greaterThan(let bound):
            let minimum = bound.resolve()
            return value > minimum ? nil : Self.belowMinimum(minimum, inclusive: false)
        case .atMost(let bound):
            let maximum = bound.resolve()
            return value <= maximum ? nil : Self.aboveMaximum(maximum, inclusive: true)
        case .lessThan(let bound):
            let maximum = bound.resolve()
            return value < maximum ? nil : Self.aboveMaximum(maximum, inclusive: false)
        case .between(let lower, let upper):
            let minimum = lower.resolve()
            let maximum = upper.resolve()
            if minimum <= value, value <= maximum { return nil }
            return RuleViolation(
                code: .valueRange,
                parameters: ["minimum": "\(minimum)", "maximum": "\(maximum)"],
                template: "Enter a value from {minimum} to {maximum}.")
        }
    }

    private static func belowMinimum(_ minimum: Value, inclusive: Bool) -> RuleViolation {
        RuleViolation(
            code: .valueMin, parameters: ["minimum": "\(minimum)", "inclusive": "\(inclusive)"],
            template: inclusive ? "Enter {minimum} or more." : "Enter more than {minimum}.")
    }

    private static func aboveMaximum(_ maximum: Value, inclusive: Bool) -> RuleViolation {
        RuleViolation(
            code: .valueMax, parameters: ["maximum": "\(maximum)", "inclusive": "\(inclusive)"],
            template: inclusive ? "Enter {maximum} or less." : "Enter less than {maximum}.")
    }
}
