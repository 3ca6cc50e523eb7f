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

    /// A policy of a length from `minimumLength` (to `maximumLength`) holding a character of each required class.
    public init(minimumLength: Int, maximumLength: Int? = nil, requiredClasses: Set<CharacterClass> = []) {
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.requiredClasses = requiredClasses
    }

    /// At least 8 characters with a letter of each case and a digit.
    public static let standard = PasswordPolicy(
        minimumLength: 8, maximumLength: 64,
        requiredClasses: [.lowercase, .uppercase, .digit])
}

/// The password must meet a ``PasswordPolicy``.
///
/// Code `password.strength`, with parameters saying what is missing, never
/// the password: `minimumLength`, `maximumLength` (when limited), `missing`
/// (the unmet parts, e.g. `length,digit`, in a stable order).
public struct PasswordStrengthRule: ValidationRule {
    /// The length bounds and the kinds of character a password must contain.
    public let policy: PasswordPolicy

    /// A rule for `policy`.
    public init(_ policy: PasswordPolicy = .standard) {
        self.policy = policy
        required = ClassSet(policy.requiredClasses)
    }

    private let required: ClassSet

    /// Fails when any part of the policy is unmet; every unmet part is listed.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        let (count, present) = Self.survey(value)
        let absent = required.subtracting(present)
        let tooShort = count < policy.minimumLength
        let tooLong = policy.maximumLength.map { count > $0 } ?? false
        guard tooShort || tooLong || !absent.isEmpty else { return nil }
        // At most 64 different answers: each is made once and kept.
        let key = (tooShort ? 1 : 0) | (tooLong ? 2 : 0) | Int(absent.bits) << 2
        return made.violation(for: key) { violation(tooShort: tooShort, tooLong: tooLong, absent: absent) }
    }

    private let made = MadeViolations()

    private func violation(tooShort: Bool, tooLong: Bool, absent: ClassSet) -> RuleViolation {
        var missing: [String] = []
        if tooShort { missing.append("length") }
        if tooLong { missing.append("maximumLength") }
        for characterClass in PasswordPolicy.CharacterClass.allCases where absent.contains(characterClass) {
            missing.append(characterClass.rawValue)
        }
        var parameters = ["minimumLength": "\(policy.minimumLength)", "missing": missing.joined(separator: ",")]
        if let maximum = policy.maximumLength { parameters["maximumLength"] = "\(maximum)" }
        return RuleViolation(
            code: .passwordStrength, parameters: parameters,
            template: "Use at least {minimumLength} characters with upper and lower case letters and a number.")
    }

    /// The number of characters in `text` and the classes among them. ASCII
    /// text without carriage returns is read byte by byte (one character
    /// each); anything else character by character.
    static func survey(_ text: String) -> (count: Int, present: ClassSet) {
        var present = ClassSet()
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): present.insert(.lowercase)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): present.insert(.uppercase)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): present.insert(.digit)
            case 0x09...0x0C, 0x20: continue  // white space belongs to no class
            case 0x0D, 0x80...:  // CR may join LF; non-ASCII needs Unicode
                return (
                    text.count,
                    ClassSet(
                        PasswordPolicy.CharacterClass.allCases.filter { kind in text.contains(where: kind.matches) })
                )
            default: present.insert(.symbol)
            }
        }
        return (text.utf8.count, present)
    }

    /// A set of character classes as bits, so checking a password allocates nothing.
    struct ClassSet: Equatable {
        private(set) var bits: UInt8 = 0

        init() {}

        init(_ classes: some Sequence<PasswordPolicy.CharacterClass>) {
            for kind in classes { insert(kind) }
        }

        var isEmpty: Bool { bits == 0 }

        func contains(_ kind: PasswordPolicy.CharacterClass) -> Bool { bits & Self.bit(kind) != 0 }

        mutating func insert(_ kind: PasswordPolicy.CharacterClass) { bits |= Self.bit(kind) }

        func subtracting(_ other: ClassSet) -> ClassSet {
            var result = self
            result.bits &= ~other.bits
            return result
        }

        private static func bit(_ kind: PasswordPolicy.CharacterClass) -> UInt8 {
            switch kind {
            case .lowercase: 1
            case .uppercase: 2
            case .digit: 4
            case .symbol: 8
            }
        }
    }
}

/// Violations a rule makes from its parameters, made once per key and kept.
final class MadeViolations: Sendable {
    private let made = Locked<[Int: RuleViolation]>([:])

    func violation(for key: Int, make: () -> RuleViolation) -> RuleViolation {
        if let known = made.withLock({ $0[key] }) { return known }
        let violation = make()
        made.withLock { $0[key] = violation }
        return violation
    }
}
