/// The steps of a ``SpacingScale``, smallest first. Raw values are the
/// design-token names (`spacing.m`).
public enum SpacingStep: String, Hashable, Sendable, Codable, CaseIterable {
    /// Extra extra small.
    case xxs
    /// Extra small.
    case xs
    /// Small.
    case s
    /// Medium.
    case m
    /// Large.
    case l
    /// Extra large.
    case xl
}

/// Spacing in points, one value per ``SpacingStep``. A usable scale is
/// finite, not negative and non-decreasing (see ``problems``).
public struct SpacingScale: Hashable, Sendable, Codable {
    /// Extra extra small.
    public var xxs: Double
    /// Extra small.
    public var xs: Double
    /// Small.
    public var s: Double
    /// Medium.
    public var m: Double
    /// Large.
    public var l: Double
    /// Extra large.
    public var xl: Double

    /// A spacing scale, in points.
    public init(xxs: Double, xs: Double, s: Double, m: Double, l: Double, xl: Double) {
        self.xxs = xxs
        self.xs = xs
        self.s = s
        self.m = m
        self.l = l
        self.xl = xl
    }

    /// The points of `step`.
    public subscript(step: SpacingStep) -> Double {
        get {
            switch step {
            case .xxs: xxs
            case .xs: xs
            case .s: s
            case .m: m
            case .l: l
            case .xl: xl
            }
        }
        set {
            switch step {
            case .xxs: xxs = newValue
            case .xs: xs = newValue
            case .s: s = newValue
            case .m: m = newValue
            case .l: l = newValue
            case .xl: xl = newValue
            }
        }
    }

    /// Whether every step is at least as large as the one before it.
    public var isNonDecreasing: Bool {
        zip(SpacingStep.allCases, SpacingStep.allCases.dropFirst()).allSatisfy { self[$0] <= self[$1] }
    }

    /// What is wrong with the scale, in step order; empty for a usable scale.
    public var problems: [ThemeIssue] {
        var found: [ThemeIssue] = []
        for step in SpacingStep.allCases where !self[step].isFinite || self[step] < 0 {
            found.append(.invalidSpacing(step, self[step]))
        }
        for (previous, step) in zip(SpacingStep.allCases, SpacingStep.allCases.dropFirst())
        where self[step] < self[previous] {
            found.append(.spacingDecreases(from: previous, to: step))
        }
        return found
    }
}
