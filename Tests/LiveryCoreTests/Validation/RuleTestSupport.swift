@testable import LiveryCore

/// The code a rule reports for `value` checked on its own, or `nil` when it passes.
func code<R: ValidationRule>(_ rule: R, _ value: R.Value) -> RuleCode? {
    rule.check(value, in: .standalone)?.code
}

/// A fixed set of field values for cross-field rules.
struct StubFields: FieldValueReading {
    var strings: [FieldName: String] = [:]

    func value<Value: Sendable>(of key: FieldKey<Value>) -> Value? {
        strings[key.name] as? Value
    }
}
