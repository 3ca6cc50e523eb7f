import Foundation

/// The name of a remotely controlled switch, e.g. `login-native`.
public struct FeatureFlag: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The flag's name as the flag service knows it.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name given as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Orders flags by name.
    public static func < (lhs: FeatureFlag, rhs: FeatureFlag) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name.
    public var description: String { rawValue }

    /// Native login (on) or the legacy login (off).
    public static let loginNative: FeatureFlag = "login-native"
    /// Native betslip (on) or the legacy betslip (off).
    public static let betslipNative: FeatureFlag = "betslip-native"
    /// The pending/resulted bets screen (on) or account transactions on the pending tab (off).
    public static let pendingResultedNative: FeatureFlag = "pending-resulted-native"
}

/// Answers whether a feature flag is on. A flag nobody has set is off.
public protocol FeatureFlagService: Sendable {
    /// Whether `flag` is on.
    func isEnabled(_ flag: FeatureFlag) -> Bool
}

/// Feature flags held in memory: a brand's defaults, changeable at run time
/// (by a test, a scenario step or a remote-config refresh).
public final class FeatureFlagStore: FeatureFlagService, @unchecked Sendable {
    // @unchecked: `flags` is only read and written under `lock`.
    private let lock = NSLock()
    private var flags: [FeatureFlag: Bool]

    /// A store starting from `defaults`.
    public init(_ defaults: [FeatureFlag: Bool] = [:]) {
        flags = defaults
    }

    /// Whether `flag` is on; `false` when never set.
    public func isEnabled(_ flag: FeatureFlag) -> Bool {
        lock.withLock { flags[flag] ?? false }
    }

    /// Turns `flag` on or off.
    public func set(_ flag: FeatureFlag, _ enabled: Bool) {
        lock.withLock { flags[flag] = enabled }
    }

    /// Every flag that was set, with its value.
    public var snapshot: [FeatureFlag: Bool] { lock.withLock { flags } }
}
