/// The built-in personal-data filter of every ``AnalyticsPipeline``. It is
/// always the first plugin of the before stage and cannot be removed.
///
/// It works in two steps:
///
/// 1. **Secrets, for everyone** (``transform(_:)``, ``removingSecrets(from:)``):
///    drops every property marked ``DataSensitivity/secret`` and every
///    property whose key names a secret (``isSecretKey(_:)``), however it is
///    marked. A mislabelled `"password"` marked general is therefore still
///    dropped, and a password never reaches any plugin or destination.
/// 2. **Personal data, per destination** (``copy(of:permitting:)``): also drops
///    each ``DataSensitivity/personal(_:)`` property whose kind the destination
///    does not permit. General properties are kept.
///
/// Personal data is recognised by its label only: a general property whose key
/// happens to be `email` is delivered as general. Only secrets are also
/// recognised by their key, because a leaked password is never acceptable.
public struct PersonalDataFilter: AnalyticsTransform {
    /// The fragments that make a key name a secret: `password`, `passwd`,
    /// `pwd`, `passcode` and `secret`.
    ///
    /// A key names a secret if, once lower-cased and stripped of everything
    /// but letters and digits, it contains one of these. So `password`,
    /// `newPassword`, `confirm_password`, `PASS-WORD`, `client_secret` and
    /// `pwd` all do. Erring this way may drop an innocent key such as
    /// `secretary`; that is preferred to delivering a password.
    public static let secretKeyFragments: [String] = ["password", "passwd", "pwd", "passcode", "secret"]

    /// The filter. It has no configuration.
    public init() {}

    /// Whether `key` names a secret, per ``secretKeyFragments``.
    public static func isSecretKey(_ key: String) -> Bool {
        // Most keys are ASCII: normalised byte by byte on the stack, searched without Foundation.
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.utf8.count) { buffer in
                var count = 0
                for byte in key.utf8 {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        buffer[count] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[count] = byte + 0x20
                    default: continue
                    }
                    count += 1
                }
                let normalised = UnsafeBufferPointer(rebasing: buffer[..<count])
                return secretFragmentBytes.contains { fragment in
                    fragment.count <= count
                        && (0...(count - fragment.count)).contains { start in
                            normalised[start..<start + fragment.count].elementsEqual(fragment)
                        }
                }
            }
        }
        let normalised = String(key.lowercased().filter { $0.isLetter || $0.isNumber })
        return secretKeyFragments.contains { normalised.contains($0) }
    }

    private static let secretFragmentBytes = secretKeyFragments.map { Array($0.utf8) }

    /// Whether a property under `key` may be delivered to a destination
    /// permitted the personal data kinds `permitted`: never for a secret or a
    /// key naming one; for personal data, only if its kind is permitted;
    /// always for other general properties.
    public static func isDeliverable(
        key: String, property: AnalyticsProperty, permitting permitted: Set<PersonalDataKind>
    ) -> Bool {
        if isSecretKey(key) { return false }
        switch property.sensitivity {
        case .general: return true
        case .personal(let kind): return permitted.contains(kind)
        case .secret: return false
        }
    }

    /// `event` without its secrets (step 1). Never `nil`.
    public func transform(_ event: AnalyticsEvent) -> AnalyticsEvent? { removingSecrets(from: event) }

    /// `event` without any property marked secret or whose key names a secret.
    public func removingSecrets(from event: AnalyticsEvent) -> AnalyticsEvent {
        event.filteringProperties { key, property in
            property.sensitivity != .secret && !Self.isSecretKey(key)
        }
    }

    /// The copy of `event` for a destination permitted the personal data kinds
    /// `permitted`: without secrets and without personal data of other kinds.
    public func copy(of event: AnalyticsEvent, permitting permitted: Set<PersonalDataKind>) -> AnalyticsEvent {
        event.filteringProperties { key, property in
            Self.isDeliverable(key: key, property: property, permitting: permitted)
        }
    }

    /// `event`, already without secrets (``removingSecrets(from:)``), without
    /// the personal data of kinds other than `permitted`: step 2 alone, for
    /// the pipeline, which removes secrets after every transform and so need
    /// not look for them again per destination.
    func keepingPermitted(_ event: AnalyticsEvent, _ permitted: Set<PersonalDataKind>) -> AnalyticsEvent {
        event.filteringProperties { _, property in
            switch property.sensitivity {
            case .general: true
            case .personal(let kind): permitted.contains(kind)
            case .secret: false
            }
        }
    }

    /// `event` without secrets and without any personal data, as shown to
    /// after-stage observers.
    public func removingPersonalData(from event: AnalyticsEvent) -> AnalyticsEvent {
        copy(of: event, permitting: [])
    }
}
