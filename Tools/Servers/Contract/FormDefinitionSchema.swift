import BrandDeclarations
import JoinFormFeature

/// The schema of a join form definition, as the registration config answers
/// it: the input types and rule kinds are read from the join form's own lists.
enum FormDefinitionSchema {
    static var schema: JSONValue {
        let text = JSONValue.object([("type", .string("string"))])
        let rule = JSONValue.object([
            ("description", .string("A rule beyond the field's standard ones.")),
            ("type", .string("object")),
            (
                "properties",
                .object([
                    (
                        "rule",
                        .object([
                            ("type", .string("string")),
                            ("enum", .array(RuleDefinition.Kind.allCases.map { .string($0.rawValue) })),
                        ])
                    ),
                    ("pattern", text), ("caseInsensitive", .object([("type", .string("boolean"))])),
                    ("years", .object([("type", .string("integer"))])),
                    ("minLength", .object([("type", .string("integer"))])), ("errorMessage", text), ("code", text),
                ])
            ),
            ("required", .array([.string("rule")])),
        ])
        let field = JSONValue.object([
            ("description", .string("A field: its name, input type, options and rules.")),
            ("type", .string("object")),
            (
                "properties",
                .object([
                    ("name", text),
                    (
                        "inputType",
                        .object([
                            ("type", .string("string")),
                            ("enum", .array(InputType.allCases.map { .string($0.rawValue) })),
                        ])
                    ),
                    ("defaultValue", .object([("type", .array([.string("string"), .string("boolean")]))])),
                    ("options", .object([("type", .string("array")), ("items", text)])),
                    (
                        "validate",
                        .object([
                            ("type", .string("object")),
                            (
                                "properties",
                                .object([
                                    ("mandatory", .object([("type", .string("boolean"))])),
                                    ("minLength", .object([("type", .string("integer"))])),
                                    ("maxLength", .object([("type", .string("integer"))])),
                                    ("custom", .object([("type", .string("array")), ("items", rule)])),
                                ])
                            ),
                        ])
                    ),
                ])
            ),
            ("required", .array([.string("name"), .string("inputType")])),
        ])
        let page = JSONValue.object([
            ("description", .string("A page: its name and rows of field names.")),
            ("type", .string("object")),
            (
                "properties",
                .object([
                    ("name", text),
                    (
                        "rows",
                        .object([
                            ("type", .string("array")),
                            ("items", .object([("type", .string("array")), ("items", text)])),
                        ])
                    ),
                ])
            ),
            ("required", .array([.string("name"), .string("rows")])),
        ])
        return .object([
            ("description", .string("A join form definition: its fields in order and, optionally, its pages.")),
            ("type", .string("object")),
            (
                "properties",
                .object([
                    ("fields", .object([("type", .string("array")), ("items", field)])),
                    ("pages", .object([("type", .string("array")), ("items", page)])),
                ])
            ),
            ("required", .array([.string("fields")])),
        ])
    }
}
