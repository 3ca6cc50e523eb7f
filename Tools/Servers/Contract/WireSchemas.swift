import BrandDeclarations
import LiveryWire

/// The schemas of the document's components, each read once from its
/// wire type (``WireShape``) and its notes (``WireDocumented``).
struct WireSchemas {
    /// What the server serves, which the schemas that depend on it describe.
    let scope: ContractScope
    /// By component name, in the order first asked.
    private(set) var components: [(name: String, schema: JSONValue)] = []
    /// Mistakes in the descriptions found while reading, each naming `Type.property`: a note naming a
    /// property the type does not have, a note repeating the property's documentation comment word for
    /// word, a property described by neither.
    private(set) var descriptionProblems: [String] = []

    /// Schemas for `scope`.
    init(scope: ContractScope) { self.scope = scope }

    /// A reference to `type`'s component, reading it first if need be.
    mutating func reference<Value: Decodable>(to type: Value.Type) throws -> JSONValue {
        schema(for: try WireShape.of(type))
    }

    /// `type`'s own object schema, not a reference (the types of its properties are components).
    mutating func inlined<Value: Decodable>(_ type: Value.Type) throws -> JSONValue {
        guard case .object(let type, let properties, let optional) = try WireShape.of(type) else {
            return schema(for: try WireShape.of(type))
        }
        return objectSchema(type: type, properties: properties, optional: optional)
    }

    /// Changes the component `name` (once read) with `transform`.
    mutating func refine(_ name: String, _ transform: (inout JSONValue) -> Void) {
        guard let index = components.firstIndex(where: { $0.name == name }) else { return }
        transform(&components[index].schema)
    }

    /// A reference to a component holding `schema`: the one named `name`
    /// when it holds it or is new, else the first free `name2`, `name3`, ….
    mutating func share(_ schema: JSONValue, named name: String) -> JSONValue {
        var candidate = name
        var number = 1
        while let existing = components.first(where: { $0.name == candidate }), existing.schema != schema {
            number += 1
            candidate = "\(name)\(number)"
        }
        return define(candidate, schema)
    }

    /// A reference to the component `name`, defined as `schema` (the first definition stands).
    mutating func define(_ name: String, _ schema: JSONValue) -> JSONValue {
        component(name) { _ in schema }
    }

    /// The name of `type`'s component: its name without the module,
    /// nesting flattened and generic arguments joined by `Of`.
    static func name(of type: Any.Type) -> String {
        String(reflecting: type)
            .replacingOccurrences(of: "LiveryWire.", with: "")
            .replacingOccurrences(of: "Swift.", with: "")
            .replacingOccurrences(of: ".", with: "")
            .replacingOccurrences(of: "<", with: "Of")
            .replacingOccurrences(of: ">", with: "")
            .replacingOccurrences(of: ", ", with: "And")
    }

    private mutating func schema(for shape: WireShape) -> JSONValue {
        switch shape {
        case .string: return .object([("type", .string("string"))])
        case .integer: return .object([("type", .string("integer"))])
        case .number: return .object([("type", .string("number"))])
        case .boolean: return .object([("type", .string("boolean"))])
        case .unknown: return .object([])
        case .list(let item): return .object([("type", .string("array")), ("items", schema(for: item))])
        case .map(let value):
            return .object([("type", .string("object")), ("additionalProperties", schema(for: value))])
        case .written(let type, let written):
            return component(Self.name(of: type)) { _ in written }
        case .object(let type, let properties, let optional):
            return component(Self.name(of: type)) { schemas in
                schemas.objectSchema(type: type, properties: properties, optional: optional)
            }
        }
    }

    /// A `$ref` to the component `name`, made by `make` the first time.
    private mutating func component(_ name: String, _ make: (inout WireSchemas) -> JSONValue) -> JSONValue {
        let reference = JSONValue.object([("$ref", .string("#/components/schemas/\(name)"))])
        guard !components.contains(where: { $0.name == name }) else { return reference }
        let index = components.count
        components.append((name, .null))
        components[index].schema = make(&self)
        return reference
    }

    private mutating func objectSchema(
        type: Any.Type, properties: [(name: String, shape: WireShape)], optional: Set<String>
    ) -> JSONValue {
        let documented = type as? any WireDocumented.Type
        let notes = documented?.wireNotes ?? [:]
        let comments = wirePropertyDocumentation[Self.documentationKey(of: type)] ?? [:]
        for key in notes.keys.sorted() where !properties.contains(where: { $0.name == key }) {
            descriptionProblems.append("\(Self.name(of: type)).\(key): a note of no property")
        }
        for property in properties {
            let place = "\(Self.name(of: type)).\(property.name)"
            let note = notes[property.name]?.description ?? ""
            if !note.isEmpty, note == comments[property.name] {
                descriptionProblems.append("\(place): its note repeats its documentation comment (keep the comment)")
            } else if note.isEmpty, comments[property.name] == nil, documented != nil {
                descriptionProblems.append("\(place): neither a note nor a documentation comment describes it")
            }
        }
        var members: [(key: String, value: JSONValue)] = []
        if let summary = documented?.wireSummary { members.append(("description", .string(summary))) }
        members.append(("type", .string("object")))
        members.append(
            (
                "properties",
                .object(
                    properties.map { property in
                        (
                            property.name,
                            propertySchema(
                                schema(for: property.shape), note: notes[property.name],
                                comment: comments[property.name], nullable: optional.contains(property.name))
                        )
                    })
            ))
        let required = properties.map(\.name).filter { !optional.contains($0) }
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        return .object(members)
    }

    /// The key of `type`'s properties in `wirePropertyDocumentation`: its path in LiveryWire, such as
    /// `AccountDetails.Profile`, without generic arguments.
    static func documentationKey(of type: Any.Type) -> String {
        let name = String(reflecting: type)
        let path = name.prefix { $0 != "<" }
        return path.hasPrefix("LiveryWire.") ? String(path.dropFirst("LiveryWire.".count)) : String(path)
    }

    /// `schema` with its description (`note`'s, else the property's documentation `comment`) and `note`'s
    /// bounds, allowing `null` when `nullable`.
    private func propertySchema(_ schema: JSONValue, note: WireNote?, comment: String?, nullable: Bool) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        let isReference = members.contains { $0.key == "$ref" }
        if isReference {
            if nullable { members = [("anyOf", .array([schema, .object([("type", .string("null"))])]))] }
        } else if nullable, let index = members.firstIndex(where: { $0.key == "type" }) {
            members[index].value = .array([members[index].value, .string("null")])
        }
        let description = note.flatMap { $0.description.isEmpty ? nil : $0.description } ?? comment
        var bounds: [(key: String, value: JSONValue)] = description.map { [("description", .string($0))] } ?? []
        guard let note else { return .object(bounds + members) }
        let isList = members.contains { $0.key == "items" }
        let isMap = members.contains { $0.key == "additionalProperties" }
        if let length = note.length {
            bounds += [
                ("minLength", .number(Double(length.lowerBound))), ("maxLength", .number(Double(length.upperBound))),
            ]
        }
        if let pattern = note.pattern { bounds.append(("pattern", .string(pattern))) }
        if let format = note.format { bounds.append(("format", .string(format))) }
        if let range = note.range {
            bounds += [("minimum", .number(Double(range.lowerBound))), ("maximum", .number(Double(range.upperBound)))]
        }
        if let count = note.count {
            let (low, high) = isMap ? ("minProperties", "maxProperties") : ("minItems", "maxItems")
            if isList || isMap {
                bounds += [(low, .number(Double(count.lowerBound))), (high, .number(Double(count.upperBound)))]
            }
        }
        if let choices = note.choices {
            bounds.append(("enum", .array(choices.map(JSONValue.string) + (nullable ? [.null] : []))))
        }
        return .object(bounds + members)
    }
}
