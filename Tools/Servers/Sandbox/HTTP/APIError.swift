import Foundation
import Hummingbird
import LiveryCore
import LiveryWire

/// An error answer in the contract's envelope:
/// `{"error": {"code": "…", "message": "…", "fields": {"<field>": [{"code", "message", "parameters"}]}}}`
/// (`fields` only when the problem is per field).
struct APIError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let code: WireErrorCode
    let message: String
    let fields: [FieldName: [RuleViolation]]

    init(
        _ status: HTTPResponse.Status, code: WireErrorCode, message: String, fields: [FieldName: [RuleViolation]] = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
    }

    /// 503 `database.unavailable`: the database did not answer, so nothing was stored or read.
    init(_ unavailable: StorageUnavailable) {
        self.init(
            .serviceUnavailable, code: .databaseUnavailable,
            message: "the sandbox's database is unavailable (\(unavailable.reason)); nothing was changed, try again")
    }

    /// The error as the contract's body writes it.
    var answer: ErrorAnswer {
        ErrorAnswer(ErrorAnswer.Detail(code: code.rawValue, message: message, violations: fields))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONAnswer.response(answer, status: status)
    }
}

extension APIError {
    /// 400 `request.invalid`: a required query parameter or header is missing.
    static func missing(_ what: String) -> APIError {
        APIError(.badRequest, code: .requestInvalid, message: "\(what) is missing")
    }

    /// 404 `brand.unknown`, listing the brands the sandbox serves.
    static func unknownBrand(_ name: String, known: [BrandID]) -> APIError {
        APIError(
            .notFound, code: .brandUnknown,
            message: "unknown brand '\(name)'; known brands: \(known.map(\.rawValue).joined(separator: ", "))")
    }

    /// 404 `client.unknown`.
    static func unknownClient(_ id: String) -> APIError {
        APIError(.notFound, code: .clientUnknown, message: "no client with id '\(id)'")
    }
}

/// JSON answers with sorted keys.
enum JSONAnswer {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try JSONEncoder.sorted.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
