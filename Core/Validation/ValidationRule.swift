/// A synchronous check of one value.
///
/// Rules are generic over the value they check (`String`, `Bool`,
/// ``CalendarDay``, enums, …), so a field of one type can only hold rules of
/// that type. Adding a rule means adding a conforming type; the engine never
/// changes. A rule returns `nil` when the value passes and one
/// ``RuleViolation`` when it does not.
public protocol ValidationRule<Value>: Sendable {
    /// The type of value the rule checks.
    associatedtype Value

    /// Checks `value`; `context` gives read access to the other fields of the form.
    func check(_ value: Value, in context: ValidationContext) -> RuleViolation?

    /// The other fields this rule reads through the context. A rule must
    /// declare every field it reads: in a form, a field whose rules declare no
    /// dependencies is checked with the ``ValidationContext/standalone``
    /// context. When a dependency changes, a field holding this rule that has
    /// already been checked is checked again. Empty by default.
    var dependencies: [FieldName] { get }

    /// Whether this rule is the field's requirement check. For an empty value
    /// only requirement rules run (so an empty required field reports just
    /// `required`), and an empty field without one is valid. `false` by default.
    var isRequirement: Bool { get }
}

extension ValidationRule {
    /// No dependencies.
    public var dependencies: [FieldName] { [] }

    /// Not a requirement check.
    public var isRequirement: Bool { false }
}

/// Read access to the values of the other fields of a form.
public protocol FieldValueReading: Sendable {
    /// The checked value (after the field's transform) of the field `key`,
    /// or `nil` when there is no such field of that type.
    func value<Value: Sendable>(of key: FieldKey<Value>) -> Value?
}

/// What a rule may see besides the value it checks: the other fields of its
/// form and the wall clock the form is checked on.
public struct ValidationContext: Sendable {
    private let fields: (any FieldValueReading)?
    /// The clock rules that need today read (such as a minimum age without a
    /// clock of its own): the form's, or `nil` outside a form given one.
    public let wallClock: WallClock?

    /// A context that reads field values from `fields`, on `wallClock`.
    public init(fields: any FieldValueReading, wallClock: WallClock? = nil) {
        self.fields = fields
        self.wallClock = wallClock
    }

    /// A context for a field checked without reading other fields, on `wallClock`.
    public init(wallClock: WallClock?) {
        self.fields = nil
        self.wallClock = wallClock
    }

    /// A context for a field checked on its own, outside a form: every
    /// cross-field read answers `nil`, and there is no clock.
    public static let standalone = ValidationContext(wallClock: nil)

    /// The checked value of another field, or `nil` if it is not available.
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    public func value<Value: Sendable>(of key: FieldKey<Value>) -> Value? {
        fields?.value(of: key)
    }
}
