/// Spacing steps in points, smallest to largest.
public struct SpacingScale: Hashable, Sendable, Codable {
    /// The step names in order.
    public static let stepNames = ["xxs", "xs", "s", "m", "l", "xl"]

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

    /// A spacing scale.
    public init(xxs: Double, xs: Double, s: Double, m: Double, l: Double, xl: Double) {
        self.xxs = xxs
        self.xs = xs
        self.s = s
        self.m = m
        self.l = l
        self.xl = xl
    }

    /// The steps in order, paired with their names.
    public var steps: [(name: String, points: Double)] {
        Array(zip(Self.stepNames, [xxs, xs, s, m, l, xl]))
    }

    /// Whether each step is at least as large as the one before it.
    public var isNonDecreasing: Bool {
        let values = steps.map(\.points)
        return zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
    }
}
