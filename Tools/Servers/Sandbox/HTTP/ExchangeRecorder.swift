import Foundation
import Hummingbird
import LiveryCore
import LiveryWire
import Logging

/// Writes every request and its answer as one JSON line to a file, so that
/// a run's traffic can be checked against the published contract outside the
/// sandbox (`Tools/Servers/Contract/check-exchanges`). On only when the
/// configuration names a file (``SandboxConfiguration/exchangeRecord``, by
/// default the `LIVERY_CONTRACT_EXCHANGES` environment variable).
///
/// What it never writes: a password field, to whatever path it was sent
/// (written as `redacted`, whatever the case of its name), a registration
/// body it cannot read as one (written as its length only,
/// `requestBodyBytes`), any other body that is not JSON (its length only),
/// an `Authorization` or seeding-token header. It sits behind
/// the canonical-path gate, so the path it judges is the path the router serves.
struct ExchangeRecorder: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let file: ExchangeFile
    let passwordFields: Set<String>
    let maxBodyBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard file.isRecording else { return try await next(request, context) }
        var request = request
        let body = try? await request.collectBody(upTo: maxBodyBytes)
        let requestBody = body.flatMap {
            $0.readableBytes == 0 ? nil : written(Data($0.readableBytesView), path: request.uri.path)
        }
        let response = try await next(request, context)
        let head = Exchange(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
            requestHeaders: Self.headers(request.headers, keeping: Self.requestHeaders),
            requestBody: requestBody?.text, requestBodyBytes: requestBody?.withheldBytes,
            status: Int(response.status.code),
            responseHeaders: Self.headers(response.headers, keeping: Self.responseHeaders), responseBody: nil)
        var answer = response
        let (original, file) = (response.body, self.file)
        answer.body = ResponseBody(contentLength: original.contentLength) { writer in
            let collected = Locked(Data())
            try await original.map { buffer in
                collected.withLock { $0.append(contentsOf: buffer.readableBytesView) }
                return buffer
            }.write(writer)
            var exchange = head
            exchange.responseBody = String(decoding: collected.withLock { $0 }, as: UTF8.self)
            file.append(exchange)
        }
        return answer
    }

    private static let requestHeaders = [
        "content-type", "idempotency-key", "livery-world", "livery-world-time",
    ]
    private static let responseHeaders = ["content-type", "livery-answer-after", "www-authenticate", "allow"]

    private static func headers(_ fields: HTTPFields, keeping names: [String]) -> [String: String] {
        var kept: [String: String] = [:]
        for name in names {
            if let field = HTTPFields.Element.Name(name), let value = fields[field] { kept[name] = value }
        }
        return kept
    }

    /// A request body as the record keeps it: its text, or only its length.
    struct WrittenBody: Equatable {
        /// The body written (password fields redacted), or `nil` when only its length is.
        let text: String?
        /// The body's length when its text is withheld.
        let withheldBytes: Int?
    }

    /// Whether a field of that name may hold a password: one whose name
    /// holds a password field's name in any case (`Password`, `passwordConfirm`).
    private func isSecret(_ name: String) -> Bool {
        let name = name.lowercased()
        return passwordFields.contains { name.contains($0.lowercased()) }
    }

    /// `json` with the value of every key that may hold a password, at any depth, replaced by `redacted`.
    private func redactingSecrets(_ json: Any) -> Any {
        switch json {
        case let object as [String: Any]:
            object.reduce(into: [String: Any]()) {
                $0[$1.key] = isSecret($1.key) ? "redacted" : redactingSecrets($1.value)
            }
        case let array as [Any]: array.map(redactingSecrets)
        default: json
        }
    }

    /// The body as the record writes it: a registration as a registration
    /// with its password fields replaced by `redacted`, other JSON with every
    /// key that may hold a password redacted at any depth, and anything it
    /// cannot read so (not JSON, a registration of another shape) as its
    /// length alone, since a password may be anywhere in it.
    func written(_ data: Data, path: String) -> WrittenBody {
        let withheld = WrittenBody(text: nil, withheldBytes: data.count)
        guard path == WireRoute.createClient.template else {
            // A registration sent to a path no route serves is as secret as one sent right.
            guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                let written = try? JSONSerialization.data(
                    withJSONObject: redactingSecrets(json), options: [.sortedKeys, .fragmentsAllowed])
            else { return withheld }
            return WrittenBody(text: String(decoding: written, as: UTF8.self), withheldBytes: nil)
        }
        guard var registration = try? JSONDecoder().decode(RegistrationRequest.self, from: data) else {
            return withheld
        }
        for name in registration.fields.keys where isSecret(name) { registration.fields[name] = "redacted" }
        guard let written = try? JSONEncoder.sorted.encode(registration) else { return withheld }
        return WrittenBody(text: String(decoding: written, as: UTF8.self), withheldBytes: nil)
    }
}

/// One request and its answer, as a line of the record.
struct Exchange: Codable, Sendable {
    let method: String
    let path: String
    let query: String
    let requestHeaders: [String: String]
    /// The body as sent (a registration's passwords redacted); `nil` when there was none or it is withheld.
    let requestBody: String?
    /// The length of a body whose text is withheld (see ``ExchangeRecorder``).
    let requestBodyBytes: Int?
    let status: Int
    let responseHeaders: [String: String]
    var responseBody: String?
}
