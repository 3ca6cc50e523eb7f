import Foundation

/// The name of a remotely controlled switch, e.g. `login-native`.
public struct FeatureFlag: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The flag's name as the flag service knows it.
    public let rawValue: String

    /// The flag called `rawValue` by the flag service (`login-native`).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name given as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Orders flags by name.
    public static func < (lhs: FeatureFlag, rhs: FeatureFlag) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The flag's name, as the flag service knows it.
    public var description: String { rawValue }

    /// Native login (on) or the legacy login (off).
    public static let loginNative: FeatureFlag = "login-native"
    /// Native betslip (on) or the legacy betslip (off).
    public static let betslipNative: FeatureFlag = "betslip-native"
    /// The pending/resulted bets screen (on) or account transactions on the pending tab (off).
    public static let pendingResultedNative: FeatureFlag = "pending-resulted-native"

    /// Every flag the features read, in a fixed order.
    public static let known: [FeatureFlag] = [.loginNative, .betslipNative, .pendingResultedNative]
}

/// Answers whether a feature flag is on: the app's remote configuration, or
/// a store a test or a scenario sets.
public protocol FeatureFlagService: Sendable {
    /// The flag's value, or `nil` when this service has none for it (the
    /// brand's default applies then, see ``Runtime``).
    func value(of flag: FeatureFlag) -> Bool?
}

extension FeatureFlagService {
    /// Whether `flag` is on; a flag nobody has set is off.
    public func isEnabled(_ flag: FeatureFlag) -> Bool { value(of: flag) ?? false }
}

/// Feature flags held in memory, changeable at run time (by a test, a
/// scenario step or a remote-config refresh).
public final class FeatureFlagStore: FeatureFlagService, Sendable {
    private let flags: Locked<[FeatureFlag: Bool]>

    /// A store where the flags in `values` are set.
    public init(_ values: [FeatureFlag: Bool] = [:]) {
        flags = Locked(values)
    }

    /// The flag's value, or `nil` when it was never set.
    public func value(of flag: FeatureFlag) -> Bool? {
        flags.withLock { $0[flag] }
    }

    /// Turns `flag` on or off.
    public func set(_ flag: FeatureFlag, _ enabled: Bool) {
        flags.withLock { $0[flag] = enabled }
    }

    /// Every flag that was set, with its value.
    public var snapshot: [FeatureFlag: Bool] { flags.withLock { $0 } }
}

/// A flag service with defaults under it: a flag the service has no value
/// for takes its default. How a runtime puts a brand's defaults under the
/// flags it is given.
public struct DefaultedFlags: FeatureFlagService {
    /// The service asked first.
    public let base: any FeatureFlagService
    /// The values of flags `base` has none for.
    public let defaults: [FeatureFlag: Bool]

    /// `base` over `defaults`.
    public init(_ base: any FeatureFlagService, defaults: [FeatureFlag: Bool]) {
        self.base = base
        self.defaults = defaults
    }

    /// `base`'s value, else the default, else `nil`.
    public func value(of flag: FeatureFlag) -> Bool? {
        base.value(of: flag) ?? defaults[flag]
    }
}
