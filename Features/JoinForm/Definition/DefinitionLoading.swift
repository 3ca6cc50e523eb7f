import Foundation

extension FormDefinition {
    /// Reads a definition from JSON.
    /// - Throws: ``DefinitionError``: malformed JSON with its path, or the
    ///   first problem in a field or page, naming it.
    public static func load(json data: Data) throws(DefinitionError) -> FormDefinition {
        do {
            return try JSONDecoder().decode(FormDefinition.self, from: data)
        } catch let error as DefinitionError {
            throw error
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .malformedJSON(path: "", reason: String(describing: error))
        }
    }

    /// The definition as JSON in the same shape, keys sorted.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    private static func describe(_ error: DecodingError) -> DefinitionError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .malformedJSON(path: path(context.codingPath), reason: "expected \(readable(type))")
        case .valueNotFound(let type, let context):
            return .malformedJSON(path: path(context.codingPath), reason: "expected \(readable(type)), found null")
        case .keyNotFound(let key, let context):
            return .malformedJSON(path: path(context.codingPath), reason: "missing key '\(key.stringValue)'")
        case .dataCorrupted(let context):
            return .malformedJSON(path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .malformedJSON(path: "", reason: String(describing: error))
        }
    }

    private static func readable(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case is [Any].Type: "a list"
        default: "\(type)".contains("Dictionary") || "\(type)".contains("Keyed") ? "an object" : "\(type)"
        }
    }
}
