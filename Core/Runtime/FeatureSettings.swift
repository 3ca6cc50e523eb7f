/// A typed setting that a feature declares, with the default that applies
/// unless a brand overrides it.
///
/// ```swift
/// enum PromotionsEntryKey: FeatureSettingKey { static let defaultValue = PromotionsEntry.none }
/// ```
public protocol FeatureSettingKey {
    /// The setting's type.
    associatedtype Value: Sendable
    /// The value used when no brand sets one.
    static var defaultValue: Value { get }
}

/// The settings of every feature for one brand: each feature declares keys
/// with defaults; the brand plugin overrides what differs.
public struct FeatureSettings: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Settings where every key has its default.
    public init() {}

    /// The value of `key`: the brand's, or the key's default.
    public subscript<Key: FeatureSettingKey>(_ key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Whether `key` was set explicitly (rather than falling back to its default).
    public func isSet<Key: FeatureSettingKey>(_ key: Key.Type) -> Bool {
        values[ObjectIdentifier(key)] != nil
    }
}
