import JoinFormFeature
import LiveryCore

/// Checks on inputs: `field: { email: invalid }` or
/// `field: { email: { status: invalid, rules: [email.format] } }`. A field
/// of the form, or a child input (`address.street`, `depositLimit.amount`).
struct FieldExpectParser {
    let context: ParseContext

    /// The properties a field expectation may name.
    static let properties = [
        "status", "rules", "messages", "value", "display", "validating", "enabled",
        "required", "focusable", "secure", "limit", "keyboard", "capitalisation",
    ]

    func checks(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        var checks: [Check] = []
        for entry in try context.mapping(node, "field") {
            let input = try context.input(entry.key)
            if entry.value.scalar != nil {
                checks.append(try status(of: input, entry.value))
                continue
            }
            for property in try context.mapping(entry.value, "field '\(input)'") {
                let name = try context.oneOf(property.key, Self.properties, "field property")
                checks.append(try check(name, of: input, property.value))
            }
        }
        return checks
    }

    /// `valid`, `invalid`, `error`, `unknown`, or `notValid` (invalid or error: whatever a
    /// service answered, the field is not accepted).
    private func status(of input: InputID, _ node: YAMLNode) throws(ScenarioInputError) -> Check {
        let label = "field \(input) status"
        if node.scalar == Self.notValid {
            return Check(label: label, expected: "invalid or error") { observation in
                let status = InputReading(input: input, state: observation.join).status
                return (status?.kind == .invalid || status?.kind == .error, StatusText.describe(status))
            }
        }
        let kind = try context.enumCase(node, FieldStatus.Kind.self, "status", also: [Self.notValid])
        return Check(label: label, expected: kind.rawValue) { observation in
            let status = InputReading(input: input, state: observation.join).status
            return (status?.kind == kind, StatusText.describe(status))
        }
    }

    static let notValid = "notValid"

    private func check(_ property: String, of input: InputID, _ node: YAMLNode) throws(ScenarioInputError) -> Check {
        let label = "field \(input) \(property)"
        switch property {
        case "status":
            return try status(of: input, node)
        case "rules":
            var codes: [String] = []
            for item in context.list(node) where item.scalar != "" { codes.append(try context.text(item, "rule code")) }
            return .equal(label, codes.joined(separator: ", ")) { observation in
                let status = InputReading(input: input, state: observation.join).status
                return status?.violations.map(\.code.rawValue).joined(separator: ", ") ?? "(no such input)"
            }
        case "messages" where node.scalar == "any":
            return Check(label: label, expected: "at least one message") { observation in
                let messages = InputReading(input: input, state: observation.join).messages ?? []
                return (!messages.isEmpty, messages.isEmpty ? "(no messages)" : messages.joined(separator: " | "))
            }
        case "messages":
            var messages: [String] = []
            for item in context.list(node) { messages.append(try context.text(item, "message")) }
            return .equal(label, messages.joined(separator: " | ")) {
                InputReading(input: input, state: $0.join).messages?.joined(separator: " | ") ?? "(no messages)"
            }
        case "value":
            let value = try context.text(node, "value")
            let secret = context.vocabulary.isSecret(input)
            return Check(label: label, expected: secret ? "••••" : value) { observation in
                let actual = InputReading(input: input, state: observation.join).value ?? "(no such input)"
                return (actual == value, secret ? (actual == value ? "••••" : "(a different password)") : actual)
            }
        case "display":
            let display = try context.text(node, "display")
            return .equal(label, display) {
                InputReading(input: input, state: $0.join).field?.displayValue ?? "(no such field)"
            }
        case "validating":
            let validating = try context.bool(node, "validating")
            return .equal(label, String(validating)) {
                InputReading(input: input, state: $0.join).field.map { String($0.isValidating) } ?? "(no such field)"
            }
        case "enabled":
            let enabled = try context.bool(node, "enabled")
            return .equal(label, String(enabled)) {
                InputReading(input: input, state: $0.join).field.map { String($0.isEnabled) } ?? "(no such field)"
            }
        default:
            return try trait(property, of: input, node)
        }
    }

    /// What a head needs to draw the input: `required`, `focusable`,
    /// `secure`, `limit` (a number or `none`), `keyboard`, `capitalisation`.
    private func trait(_ property: String, of input: InputID, _ node: YAMLNode) throws(ScenarioInputError) -> Check {
        guard case .field = input else {
            throw context.error(node, "'\(property)' is a trait of a field, not of the child input '\(input)'")
        }
        let label = "field \(input) \(property)"
        let expected: String
        let read: @Sendable (FieldTraits) -> String
        switch property {
        case "required", "focusable", "secure":
            expected = String(try context.bool(node, property))
            read = { traits in
                String(
                    property == "required"
                        ? traits.isRequired : property == "focusable" ? traits.isFocusable : traits.isSecure)
            }
        case "limit":
            expected =
                try context.text(node, "limit") == "none" ? "none" : String(try context.int(node, "limit", minimum: 1))
            read = { $0.inputLimit.map(String.init) ?? "none" }
        case "keyboard":
            expected = try context.enumCase(node, FieldTraits.Keyboard.self, "keyboard").rawValue
            read = { $0.keyboard.rawValue }
        default:
            expected = try context.enumCase(node, FieldTraits.Capitalisation.self, "capitalisation").rawValue
            read = { $0.capitalisation.rawValue }
        }
        return .equal(label, expected) { observation in
            InputReading(input: input, state: observation.join).field.map { read($0.traits) } ?? "(no such field)"
        }
    }
}

/// Reads one input's status, value and messages out of a ``JoinState``,
/// whether it is a field or a child input of a composite field.
struct InputReading {
    let input: InputID
    let state: JoinState

    /// The field itself (for a child input: its parent).
    var field: JoinFieldState? { state.field(input.field) }

    var status: FieldStatus? {
        switch input {
        case .field: return field?.status
        case .child(_, let key):
            if let child = depositChild(key) { return child.status }
            return state.address?.manualFields.first { $0.field.rawValue == key }?.status
        }
    }

    var value: String? {
        switch input {
        case .field:
            switch field?.value {
            case .text(let text)?: return text
            case .tick(let ticked)?: return String(ticked)
            case .composite?: return field?.displayValue
            case nil: return nil
            }
        case .child(_, let key):
            if let child = depositChild(key) { return child.value }
            return state.address?.manualFields.first { $0.field.rawValue == key }?.value
        }
    }

    var messages: [String]? {
        switch input {
        case .field: return field?.messages
        case .child(_, let key): return depositChild(key)?.messages ?? status.map { $0.violations.map(\.message) }
        }
    }

    private func depositChild(_ key: String) -> ChildInputState? {
        guard let depositLimit = state.depositLimit,
            input.field == state.fields.first(where: { $0.inputType == .depositLimit })?.name
        else { return nil }
        return key == depositLimit.amount.key
            ? depositLimit.amount : key == depositLimit.period.key ? depositLimit.period : nil
    }
}

/// A status as the transcript shows it: `valid`, `invalid [email.format]`, `error (reason)`.
enum StatusText {
    static func describe(_ status: FieldStatus?) -> String {
        switch status {
        case nil: "(no such input)"
        case .unknown?: "unknown"
        case .valid?: "valid"
        case .invalid(let violations)?: "invalid [\(violations.map(\.code.rawValue).joined(separator: ", "))]"
        case .error(let failure)?: "error (\(failure.reason))"
        }
    }
}
