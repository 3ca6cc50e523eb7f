import AppBarFeature
import LiveryCore

extension DeclarationShape {
    /// The JSON Schema (draft 2020-12) of a brand file, as `Brands/brand.schema.json` holds it.
    public static var jsonSchema: JSONValue {
        documentSchema(of: brandFile, id: "brand.schema.json", title: "A Livery brand file (brand.json)")
    }

    /// The JSON Schema of a whole file of `shape`: its `$schema` key allowed, the schema's own header first.
    static func documentSchema(of shape: DeclarationShape, id: String, title: String) -> JSONValue {
        guard case .object(var members) = shape.schema else { return .null }
        if case .object(var properties)? = members.first(where: { $0.key == "properties" })?.value {
            properties.insert(
                (schemaKey, .object([("type", .string("string")), ("description", .string("This schema."))])), at: 0)
            members = members.map { $0.key == "properties" ? ($0.key, .object(properties)) : $0 }
        }
        return .object(
            [
                ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
                ("$id", .string(id)),
                ("title", .string(title)),
            ] + members)
    }

    /// This shape as a JSON Schema.
    var schema: JSONValue {
        switch self {
        case .object(let description, let properties):
            var members: [(key: String, value: JSONValue)] = [
                ("description", .string(description)), ("type", .string("object")),
                ("properties", .object(properties.map { ($0.name, $0.shape.schema) })),
            ]
            let required = properties.filter(\.isRequired).map { JSONValue.string($0.name) }
            if !required.isEmpty { members.append(("required", .array(required))) }
            members.append(("additionalProperties", .bool(false)))
            return .object(members)
        case .text(let description, let pattern, let choices, let maximumLength):
            var members: [(key: String, value: JSONValue)] = [
                ("description", .string(description)), ("type", .string("string")),
            ]
            if let choices { members.append(("enum", .array(choices.map(JSONValue.string)))) }
            if let pattern { members.append(("pattern", .string(pattern))) }
            members += [("minLength", .number(1)), ("maxLength", .number(Double(maximumLength ?? 2_000)))]
            return .object(members)
        case .flag(let description):
            return .object([("description", .string(description)), ("type", .string("boolean"))])
        case .number(let description, let range):
            return .object([
                ("description", .string(description)), ("type", .string("number")),
                ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound)),
            ])
        case .list(let description, let item):
            return .object([("description", .string(description)), ("type", .string("array")), ("items", item.schema)])
        case .textByKey(let description):
            return .object([
                ("description", .string(description)), ("type", .string("object")),
                ("propertyNames", .object([("pattern", .string("^\\S+$"))])),
                ("additionalProperties", .object([("type", .string("string")), ("maxLength", .number(2_000))])),
            ])
        case .formValue(let description):
            return .object([("description", .string(description)), ("type", .string("object"))])
        }
    }
}
