import Foundation
import Hummingbird
import LiveryCore
import LiveryWire

/// Writes every request and its answer as one JSON line to a file, so that
/// a run's traffic can be checked against the published contract outside the
/// sandbox (`Tools/Servers/Contract/check-exchanges`). On only when the
/// `LIVERY_CONTRACT_EXCHANGES` environment variable names the file. Password
/// fields of a registration are written as `redacted`, never as typed; an
/// `Authorization` header is never written.
struct ExchangeRecorder: RouterMiddleware {
    typealias Context = SandboxRequestContext

    /// The environment variable naming the file.
    static let variable = "LIVERY_CONTRACT_EXCHANGES"

    /// A recorder appending to the file the environment names, or `nil` when it names none.
    static func fromEnvironment(passwordFields: Set<String>, maxBodyBytes: Int) -> ExchangeRecorder? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        // Appended to by every sandbox the variable reaches (a test suite starts many), each line whole.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return ExchangeRecorder(
            file: ExchangeFile(handle: Locked(handle)), passwordFields: passwordFields, maxBodyBytes: maxBodyBytes)
    }

    let file: ExchangeFile
    let passwordFields: Set<String>
    let maxBodyBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var request = request
        let body = try? await request.collectBody(upTo: maxBodyBytes)
        let requestBody = body.map { redacted(Data($0.readableBytesView), path: request.uri.path) }
        let response = try await next(request, context)
        let head = Exchange(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
            requestHeaders: Self.headers(request.headers, keeping: Self.requestHeaders),
            requestBody: requestBody, status: Int(response.status.code),
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

    /// The body as text, a registration's password fields replaced by `redacted`.
    private func redacted(_ data: Data, path: String) -> String {
        guard path == WireRoute.createClient.template,
            var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            var fields = object["fields"] as? [String: Any]
        else { return String(decoding: data, as: UTF8.self) }
        for name in passwordFields where fields[name] is String { fields[name] = "redacted" }
        object["fields"] = fields
        guard let written = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: written, as: UTF8.self)
    }
}

/// One request and its answer, as a line of the record.
struct Exchange: Codable, Sendable {
    let method: String
    let path: String
    let query: String
    let requestHeaders: [String: String]
    let requestBody: String?
    let status: Int
    let responseHeaders: [String: String]
    var responseBody: String?
}

/// The record's file, written a whole line at a time.
final class ExchangeFile: Sendable {
    private let handle: Locked<FileHandle>

    init(handle: Locked<FileHandle>) { self.handle = handle }

    func append(_ exchange: Exchange) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard var line = try? encoder.encode(exchange) else { return }
        line.append(0x0A)
        handle.withLock { $0.write(line) }
    }
}
