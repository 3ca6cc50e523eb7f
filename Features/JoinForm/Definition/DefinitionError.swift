import LiveryCore

/// Why a form definition cannot be used. Every case names the place: the
/// field (and page), or the JSON path for malformed input.
public enum DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not JSON of the expected shape; the path and the problem.
    case malformedJSON(path: String, reason: String)
    /// The definition could not be fetched from `source` (e.g. the registration-config endpoint).
    case unavailable(source: String, reason: String)
    /// An object has a key the definition format does not know (e.g. a typo).
    case unknownKey(String, in: String, suggestion: String?, known: [String])
    /// A field's `inputType` is not one of the known names.
    case unknownInputType(String, field: FieldName, suggestion: String?)
    /// A named choice (`format`, `keyboard`, `capitalisation`) is not one of the known names.
    case unknownOption(String, value: String, field: FieldName, suggestion: String?, known: [String])
    /// A `custom` rule's `rule` is not a known kind.
    case unknownRule(String, field: FieldName, suggestion: String?)
    /// A rule does not apply to the field's input type.
    case ruleNotForInputType(rule: String, field: FieldName, inputType: InputType)
    /// A rule lacks a value it needs (e.g. a regex without `pattern`).
    case missingRuleValue(field: FieldName, rule: String, key: String)
    /// A regex rule's pattern does not compile (the error names the field).
    case invalidPattern(InvalidPatternError)
    /// A `defaultValue` of the wrong kind (a tick for text, text for a tick box).
    case defaultValueMismatch(field: FieldName, inputType: InputType)
    /// Contradictory or negative length limits.
    case invalidLength(field: FieldName, reason: String)
    /// Two fields share a name.
    case duplicateField(FieldName)
    /// A page has no rows.
    case emptyPage(String)
    /// A row has no fields.
    case emptyRow(page: String)
    /// A page names a field the definition does not have.
    case unknownFieldOnPage(FieldName, page: String, suggestion: String?)
    /// A field is placed twice.
    case fieldOnTwoPlaces(FieldName)
    /// A field is on no page.
    case fieldNotOnAnyPage(FieldName)

    /// What is wrong, where, and a suggestion when there is one.
    public var description: String {
        switch self {
        case .malformedJSON(let path, let reason):
            "form definition: \(path.isEmpty ? "" : "at \(path): ")\(reason)"
        case .unavailable(let source, let reason):
            "form definition: \(source) could not be read: \(reason)"
        case .unknownKey(let key, let place, let suggestion, let known):
            "\(place): unknown key '\(key)'\(Self.hint(suggestion)); known: \(known.joined(separator: ", "))"
        case .unknownInputType(let name, let field, let suggestion):
            "field '\(field)': unknown inputType '\(name)'\(Self.hint(suggestion)); known: \(InputType.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownOption(let key, let value, let field, let suggestion, let known):
            "field '\(field)': unknown \(key) '\(value)'\(Self.hint(suggestion)); known: \(known.joined(separator: ", "))"
        case .unknownRule(let name, let field, let suggestion):
            "field '\(field)': unknown rule '\(name)'\(Self.hint(suggestion)); known: \(RuleDefinition.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
        case .ruleNotForInputType(let rule, let field, let inputType):
            "field '\(field)': rule '\(rule)' does not apply to inputType '\(inputType.rawValue)'"
        case .missingRuleValue(let field, let rule, let key):
            "field '\(field)': rule '\(rule)' needs '\(key)'"
        case .invalidPattern(let error):
            error.description
        case .defaultValueMismatch(let field, let inputType):
            "field '\(field)': defaultValue must be \(inputType.isComposite ? "absent" : inputType.holdsTick ? "true or false" : "text") for inputType '\(inputType.rawValue)'"
        case .invalidLength(let field, let reason):
            "field '\(field)': \(reason)"
        case .duplicateField(let field):
            "two fields are named '\(field)'"
        case .emptyPage(let page):
            "page '\(page)' has no rows"
        case .emptyRow(let page):
            "page '\(page)' has an empty row"
        case .unknownFieldOnPage(let field, let page, let suggestion):
            "page '\(page)' names field '\(field)', which is not defined\(Self.hint(suggestion))"
        case .fieldOnTwoPlaces(let field):
            "field '\(field)' is placed more than once in the pages"
        case .fieldNotOnAnyPage(let field):
            "field '\(field)' is on no page"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
