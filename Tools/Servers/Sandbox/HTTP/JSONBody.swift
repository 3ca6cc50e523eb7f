import Foundation
import Hummingbird
import LiveryWire
import ServerInputs

/// Reads a JSON request body of at most `limit` bytes into `Body`.
///
/// - 413 `request.tooLarge` when the body (or its declared length) is over the limit;
/// - 400 `request.malformed` when it is not JSON, saying where
///   (e.g. "'fields.email' is not a string", "no 'brand' at the top level").
enum JSONBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from request: inout Request, limit: Int)
        async throws(APIError) -> Body
    {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw tooLarge(limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw tooLarge(limit)
        } catch {
            throw APIError(.badRequest, code: .requestMalformed, message: "the body could not be read")
        }
        do {
            return try BodyDecoding.decode(type, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError(.badRequest, code: .requestMalformed, message: error.description)
        }
    }

    private static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, code: .requestTooLarge, message: "the body is larger than \(limit / 1024) KiB")
    }
}
