import BrandDeclarations
import Foundation

/// Reading a free-form JSON document (the OpenAPI document, a JSON Schema) as a ``JSONValue``: each accessor is `nil`
/// when the value is not of its kind, as a cast of a `JSONSerialization` object would be.
extension JSONValue {
    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number that is a whole number.
    var int: Int? {
        guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The items of a list.
    var items: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The items of a list all of which are strings.
    var strings: [String]? {
        guard let items else { return nil }
        let texts = items.compactMap(\.string)
        return texts.count == items.count ? texts : nil
    }

    /// An object's members by key (the first of a key given twice).
    var object: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value read as `type`, as a JSON decoder reads it.
    /// - Throws: when the value is not that type.
    func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }
}
