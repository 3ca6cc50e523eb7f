import Foundation
import Hummingbird

/// Reads a JSON request body of at most `limit` bytes into `Body`.
///
/// - 413 `request.tooLarge` when the body (or its declared length) is over the limit;
/// - 400 `request.malformed` when it is not JSON, saying where
///   (e.g. "'fields.email' is not a string", "no 'brand' at the top level").
enum JSONBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from request: inout Request, limit: Int) async throws(APIError) -> Body {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw tooLarge(limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw tooLarge(limit)
        } catch {
            throw APIError(.badRequest, code: "request.malformed", message: "the body could not be read")
        }
        let data = Data(buffer.readableBytesView)
        guard !data.isEmpty else { throw APIError(.badRequest, code: "request.malformed", message: "the body is empty; expected JSON") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: "request.malformed", message: describe(error))
        } catch {
            throw APIError(.badRequest, code: "request.malformed", message: "the body is not JSON")
        }
    }

    private static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "request.tooLarge", message: "the body is larger than \(limit / 1024) KiB")
    }

    /// Where the JSON did not fit and how.
    static func describe(_ error: DecodingError) -> String {
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
            return (place.isEmpty ? "the body is not valid JSON" : "'\(place)' is unreadable") + (detail.map { ": \($0)" } ?? "")
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
