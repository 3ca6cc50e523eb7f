import LiveryCore

/// One field of a form definition.
public struct FieldDefinition: Hashable, Sendable, Codable {
    /// The field's key, e.g. `Mobile`.
    public var name: FieldName
    /// What kind of input it is.
    public var inputType: InputType
    /// The value it starts with, if prefilled.
    public var defaultValue: DefaultValue?
    /// The choices of a `Select` field, in display order.
    public var options: [String]?
    /// Its rules.
    public var validate: ValidationDefinition
    /// How its text is shown as typed; `nil` for what the input type implies.
    public var format: DisplayFormat?
    /// The keyboard a head shows; `nil` for what the input type implies.
    public var keyboard: FieldTraits.Keyboard?
    /// How a head capitalises it; `nil` for what the input type implies.
    public var capitalisation: FieldTraits.Capitalisation?

    /// A field's starting value: text for every input type except `Checkbox`, which takes a tick.
    public enum DefaultValue: Hashable, Sendable, Codable {
        /// Text.
        case text(String)
        /// A tick.
        case tick(Bool)

        /// Decodes a JSON string or boolean.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let tick = try? container.decode(Bool.self) {
                self = .tick(tick)
                return
            }
            self = .text(try container.decode(String.self))
        }

        /// Encodes a JSON string or boolean.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .tick(let tick): try container.encode(tick)
            }
        }
    }

    /// A field; checks that the rules fit the input type.
    /// - Throws: ``DefinitionError`` naming the field.
    public init(
        name: FieldName, inputType: InputType, defaultValue: DefaultValue? = nil, options: [String]? = nil,
        validate: ValidationDefinition = ValidationDefinition(), format: DisplayFormat? = nil,
        keyboard: FieldTraits.Keyboard? = nil, capitalisation: FieldTraits.Capitalisation? = nil
    ) throws(DefinitionError) {
        self.name = name
        self.inputType = inputType
        self.defaultValue = defaultValue
        self.options = options
        self.validate = validate
        self.format = format
        self.keyboard = keyboard
        self.capitalisation = capitalisation
        try check()
    }

    private enum CodingKeys: String, CodingKey {
        case name, inputType, defaultValue, options, validate, format, keyboard, capitalisation
    }

    /// Decodes a field; an unknown input type or rule, or a pattern that does
    /// not compile, is a ``DefinitionError`` naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(FieldName.self, forKey: .name)
        // `data` names where a Select's options come from in the server-driven shape; it is accepted and not used.
        try KnownKeys.check(
            decoder,
            known: [
                "name", "inputType", "defaultValue", "options", "validate", "format",
                "keyboard", "capitalisation", "data",
            ], place: "field '\(name)'")
        let typeName = try container.decode(String.self, forKey: .inputType)
        guard let inputType = InputType(rawValue: typeName) else {
            throw DefinitionError.unknownInputType(
                typeName, field: name,
                suggestion: NameSuggestion.closest(to: typeName, in: InputType.allCases.map(\.rawValue)))
        }
        try self.init(
            name: name, inputType: inputType,
            defaultValue: container.decodeIfPresent(DefaultValue.self, forKey: .defaultValue),
            options: container.decodeIfPresent([String].self, forKey: .options),
            validate: Self.decodeValidate(container, field: name),
            format: Self.decodeOption(DisplayFormat.self, .format, in: container, field: name),
            keyboard: Self.decodeOption(FieldTraits.Keyboard.self, .keyboard, in: container, field: name),
            capitalisation: Self.decodeOption(
                FieldTraits.Capitalisation.self, .capitalisation, in: container, field: name))
    }

    /// Decodes `validate`, naming the field in an unknown-key error from it or its rules.
    private static func decodeValidate(_ container: KeyedDecodingContainer<CodingKeys>, field: FieldName) throws
        -> ValidationDefinition
    {
        do {
            return try container.decodeIfPresent(ValidationDefinition.self, forKey: .validate) ?? ValidationDefinition()
        } catch DefinitionError.unknownKey(let key, let place, let suggestion, let known) {
            throw DefinitionError.unknownKey(key, in: "field '\(field)' \(place)", suggestion: suggestion, known: known)
        }
    }

    /// Decodes an optional named choice, reporting an unknown name against the field.
    private static func decodeOption<Option: RawRepresentable & CaseIterable>(
        _ type: Option.Type, _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>, field: FieldName
    ) throws -> Option? where Option.RawValue == String {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let option = Option(rawValue: text) else {
            let known = Option.allCases.map(\.rawValue)
            throw DefinitionError.unknownOption(
                key.stringValue, value: text, field: field,
                suggestion: NameSuggestion.closest(to: text, in: known), known: known)
        }
        return option
    }

    private func check() throws(DefinitionError) {
        switch (inputType.holdsTick, defaultValue) {
        case (true, .text?), (false, .tick?): throw .defaultValueMismatch(field: name, inputType: inputType)
        default: break
        }
        if let minimum = validate.minLength, minimum < 0 {
            throw .invalidLength(field: name, reason: "minLength is negative")
        }
        if let maximum = validate.maxLength, maximum < 0 {
            throw .invalidLength(field: name, reason: "maxLength is negative")
        }
        if let minimum = validate.minLength, let maximum = validate.maxLength, minimum > maximum {
            throw .invalidLength(field: name, reason: "minLength \(minimum) is more than maxLength \(maximum)")
        }
        if inputType.holdsTick || inputType.isComposite, validate.minLength != nil || validate.maxLength != nil {
            throw .invalidLength(field: name, reason: "a \(inputType.rawValue) has no length")
        }
        if inputType.isComposite, defaultValue != nil {
            throw .defaultValueMismatch(field: name, inputType: inputType)
        }
        for rule in validate.custom { try rule.check(for: self) }
    }
}

/// The `validate` object of a field.
public struct ValidationDefinition: Hashable, Sendable, Codable {
    /// Whether the field must be filled in (a `Checkbox` must be ticked).
    public var mandatory: Bool
    /// The fewest characters, if any.
    public var minLength: Int?
    /// The most characters, if any (also the input limit heads apply).
    public var maxLength: Int?
    /// Further rules in priority order.
    public var custom: [RuleDefinition]

    /// A validation definition.
    public init(mandatory: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, custom: [RuleDefinition] = []) {
        self.mandatory = mandatory
        self.minLength = minLength
        self.maxLength = maxLength
        self.custom = custom
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case mandatory, minLength, maxLength, custom
        static var allNames: [String] { allCases.map(\.rawValue) }
    }

    /// Decodes the object; every key is optional, an unknown key is an error.
    public init(from decoder: any Decoder) throws {
        try KnownKeys.check(decoder, known: CodingKeys.allNames, place: "validate")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mandatory = try container.decodeIfPresent(Bool.self, forKey: .mandatory) ?? false
        minLength = try container.decodeIfPresent(Int.self, forKey: .minLength)
        maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
        custom = try container.decodeIfPresent([RuleDefinition].self, forKey: .custom) ?? []
    }
}
