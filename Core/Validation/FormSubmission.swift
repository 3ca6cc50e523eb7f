/// The typed values of a successful submission, in form order.
public struct SubmittedValues: Sendable {
    private var storage: [FieldName: any Sendable] = [:]

    /// The names of the submitted fields, in form order.
    public private(set) var names: [FieldName] = []

    /// A submission with no values yet.
    public init() {}

    mutating func append(_ name: FieldName, _ value: any Sendable) {
        names.append(name)
        storage[name] = value
    }

    /// The submitted value of `key`, or `nil` when that field was not
    /// submitted (hidden or disabled) or holds another type.
    public subscript<Value>(key: FieldKey<Value>) -> Value? {
        storage[key.name] as? Value
    }

    /// The submitted value of `name`, whatever its type.
    public func value(named name: FieldName) -> (any Sendable)? { storage[name] }
}

/// Why a submission did not produce values.
public enum FormSubmissionError: Error, Equatable, CustomStringConvertible {
    /// The first field in form order that broke rules, with every violation.
    case invalid(field: FieldName, violations: [RuleViolation])
    /// The first field in form order whose check could not run.
    case failed(field: FieldName, failure: FieldFailure)
    /// Fields whose async checks have not answered yet.
    case pending([FieldName])

    /// The field the error is about (the first pending one for ``pending(_:)``).
    public var field: FieldName? {
        switch self {
        case .invalid(let field, _), .failed(let field, _): field
        case .pending(let fields): fields.first
        }
    }

    /// What is wrong, naming the field.
    public var description: String {
        switch self {
        case .invalid(let field, let violations):
            "field '\(field)' is invalid: \(violations.map(\.code.rawValue).joined(separator: ", "))"
        case .failed(let field, let failure): "field '\(field)' could not be checked: \(failure.reason)"
        case .pending(let fields): "still checking: \(fields.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
