import Foundation

/// Why a body could not be read, in words that say where: "'fields.email' is
/// not a string", "no 'brand' at the top level", "the body is not valid JSON: …".
public struct MalformedBody: Error, Equatable, Sendable, CustomStringConvertible {
    /// The explanation.
    public let description: String

    /// An explanation.
    public init(_ description: String) { self.description = description }
}

/// Decodes request bodies, never trapping on any bytes.
public enum BodyDecoding {
    /// `data` as `Body`, or why not.
    public static func decode<Body: Decodable>(_ type: Body.Type, from data: Data) throws(MalformedBody) -> Body {
        guard !data.isEmpty else { throw MalformedBody("the body is empty; expected JSON") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw MalformedBody(describe(error))
        } catch {
            throw MalformedBody("the body is not JSON")
        }
    }

    /// Where the JSON did not fit and how.
    public static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return place.isEmpty ? "no '\(key.stringValue)' at the top level" : "'\(place)' has no '\(key.stringValue)'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let place = path(context.codingPath)
            return "\(place.isEmpty ? "the top level" : "'\(place)'") is not \(name(of: type))"
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let place = path(context.codingPath)
            return (place.isEmpty ? "the body is not valid JSON" : "'\(place)' is unreadable")
                + (detail.map { ": \($0)" } ?? "")
        @unknown default:
            return "the body does not have the expected shape"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is [String: String].Type, is [String: Any].Type: "an object"
        case is Int.Type: "an integer"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
