/// Something that makes a theme unfit to ship although it compiles.
public enum ThemeIssue: Hashable, Sendable, CustomStringConvertible {
    /// The theme has a blank name.
    case blankName
    /// A required foreground/background pair falls short of its minimum.
    case insufficientContrast(ContrastCheck)
    /// A text style has an empty family or a size, line height or letter
    /// spacing that is not a usable number.
    case invalidTextStyle(TextStyleRole, reason: String)
    /// A spacing step is negative or not finite.
    case invalidSpacing(SpacingStep, Double)
    /// A spacing step is smaller than the step before it.
    case spacingDecreases(from: SpacingStep, to: SpacingStep)
    /// An icon's asset name is blank.
    case blankIconAsset(IconRole)

    /// What is wrong, naming the role or step.
    public var description: String {
        switch self {
        case .blankName: "the theme has no name"
        case .insufficientContrast(let check): "insufficient contrast: \(check)"
        case .invalidTextStyle(let role, let reason): "text style \(role.rawValue): \(reason)"
        case .invalidSpacing(let step, let points): "spacing \(step.rawValue) is \(points), not a point size ≥ 0"
        case .spacingDecreases(let from, let to): "spacing \(to.rawValue) is smaller than \(from.rawValue)"
        case .blankIconAsset(let role): "icon \(role.rawValue) has a blank asset name"
        }
    }
}

extension Theme {
    /// Every reason the theme is unfit to ship, grouped in this order: name,
    /// contrast (in ``contrastRequirements`` order), typography (in
    /// ``TextStyleRole`` order), spacing, icons. Empty for a good theme.
    public func issues() -> [ThemeIssue] {
        var found: [ThemeIssue] = []
        if name.allSatisfy(\.isWhitespace) { found.append(.blankName) }
        found += contrastFailures().map(ThemeIssue.insufficientContrast)
        for role in TextStyleRole.allCases {
            if let reason = typography[role].problem { found.append(.invalidTextStyle(role, reason: reason)) }
        }
        found += spacing.problems
        found += icons.blankRoles.map(ThemeIssue.blankIconAsset)
        return found
    }
}
