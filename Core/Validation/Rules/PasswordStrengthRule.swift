/// What a password must contain.
public struct PasswordPolicy: Hashable, Sendable {
    /// Kinds of characters a policy can require.
    public enum CharacterClass: String, Hashable, Sendable, CaseIterable, Comparable {
        /// A lowercase letter (any script).
        case lowercase
        /// An uppercase letter (any script).
        case uppercase
        /// A digit 0–9.
        case digit
        /// Anything that is not a letter, digit or white space.
        case symbol

        /// Orders classes as declared, for stable messages.
        public static func < (lhs: CharacterClass, rhs: CharacterClass) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        func matches(_ character: Character) -> Bool {
            switch self {
            case .lowercase: character.isLowercase
            case .uppercase: character.isUppercase
            case .digit: character.isASCII && character.isNumber
            case .symbol: !character.isLetter && !character.isNumber && !character.isWhitespace
            }
        }
    }

    /// The fewest characters (as a user sees them).
    public var minimumLength: Int
    /// The most characters, if limited.
    public var maximumLength: Int?
    /// Classes that must each appear at least once.
    public var requiredClasses: Set<CharacterClass>

    /// A policy.
    public init(minimumLength: Int, maximumLength: Int? = nil, requiredClasses: Set<CharacterClass> = []) {
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.requiredClasses = requiredClasses
    }

    /// At least 8 characters with a letter of each case and a digit.
    public static let standard = PasswordPolicy(minimumLength: 8, maximumLength: 64,
                                                requiredClasses: [.lowercase, .uppercase, .digit])
}

/// The password must meet a ``PasswordPolicy``.
///
/// Code `password.strength`, with parameters saying what is missing, never
/// the password: `minimumLength`, `maximumLength` (when limited), `missing`
/// (the unmet parts, e.g. `length,digit`, in a stable order).
public struct PasswordStrengthRule: ValidationRule {
    /// The policy.
    public let policy: PasswordPolicy

    /// A rule for `policy`.
    public init(_ policy: PasswordPolicy = .standard) { self.policy = policy }

    /// Fails when any part of the policy is unmet; every unmet part is listed.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        var missing: [String] = []
        let count = value.count
        if count < policy.minimumLength { missing.append("length") }
        if let maximum = policy.maximumLength, count > maximum { missing.append("maximumLength") }
        for characterClass in policy.requiredClasses.sorted() where !value.contains(where: characterClass.matches) {
            missing.append(characterClass.rawValue)
        }
        guard !missing.isEmpty else { return nil }
        var parameters = ["minimumLength": "\(policy.minimumLength)", "missing": missing.joined(separator: ",")]
        if let maximum = policy.maximumLength { parameters["maximumLength"] = "\(maximum)" }
        return RuleViolation(code: .passwordStrength, parameters: parameters,
                             template: "Use at least {minimumLength} characters with upper and lower case letters and a number.")
    }
}
