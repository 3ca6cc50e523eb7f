import Foundation
import LiveryCore
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP client for a Harmony-style two-step address API, on `URLSession`.
///
/// **Find** — `POST {baseURL}/{findPath}` with
/// ```json
/// {"payload": [{"country": "AU", "fullAddress": "12 smith"}]}
/// ```
/// answers
/// ```json
/// {"status": "SUCCESS", "messages": [],
///  "payload": [{"id": "AU-1", "fullAddress": "12 Smith Street, Collingwood VIC 3066"}]}
/// ```
/// Each payload entry becomes a suggestion (`id`, `fullAddress`); at most
/// `limit` are returned.
///
/// **Retrieve** — `POST {baseURL}/{retrievePath}` with `{"payload": [{"id": "AU-1"}]}`
/// answers the same envelope with one full address:
/// ```json
/// {"status": "SUCCESS", "messages": [], "payload": [{
///   "id": "AU-1", "fullAddress": "3/12 Smith Street, Collingwood VIC 3066",
///   "unit": "3", "streetNumber": "12", "street": "Smith Street",
///   "locality": "Collingwood", "state": "VIC", "postcode": "3066"}]}
/// ```
/// Which keys hold a market's places (`locality`, `state`, `town`, `county`…)
/// its pack says; `country`, when present, must be the market asked in. An
/// empty payload means the id is unknown.
///
/// Errors: a non-2xx status is `LiveryCore/AddressLookupError/unavailable(reason:)` naming
/// the status code (404 on retrieve is `notFound`, 408 and 504 are `timedOut`);
/// a `status` other than `SUCCESS` is `unavailable` with the messages; a body
/// that is not the shape above is `invalidResponse` saying what is missing;
/// no answer within the configured timeout is `timedOut`; a cancelled task is `cancelled`.
public struct HarmonyAddressLookupService: AddressLookupService {
    /// Where the API is and how long to wait.
    public let configuration: HarmonyConfiguration
    private let session: any HTTPTransport

    /// A client for the API at `configuration`, using `session`: an app's own
    /// (its pinning and protocol classes apply), or an ephemeral one by default.
    public init(configuration: HarmonyConfiguration, session: any HTTPTransport = URLSession(configuration: .ephemeral))
    {
        self.configuration = configuration
        self.session = session
    }

    /// Finds up to `limit` suggestions for `query` in `market`.
    /// A query shorter than `AddressQuery.minimumCharacters` once trimmed, beyond
    /// its bounds, or asked for no suggestions, is never sent (each request is billed): it finds nothing.
    public func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        guard limit > 0, AddressQuery.isSearchable(query) else { return [] }
        let body = AddressRequest(AddressFindItem(country: market.code, fullAddress: query))
        return try Self.suggestions(
            inFindAnswer: try await post(body, to: configuration.findPath, notFoundID: nil), limit: limit)
    }

    /// The suggestions in a find answer's body (at most `limit`), or why the body cannot be used.
    public static func suggestions(inFindAnswer body: Data, limit: Int) throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        var suggestions: [AddressSuggestion] = []
        for (position, address) in try payload(FoundAddress.self, of: body).prefix(max(0, limit)).enumerated() {
            suggestions.append(try address.suggestion(at: position))
        }
        return suggestions
    }

    /// The address in a retrieve answer's body for `id` in `market`, or why the body cannot be used.
    public static func address(inRetrieveAnswer body: Data, id: String, in market: Market) throws(AddressLookupError)
        -> PostalAddress
    {
        guard let first = try payload(AddressRecord.self, of: body).first else { throw .notFound(id: id) }
        return try first.postalAddress(at: 0, in: market)
    }

    /// Retrieves the full address with id `id`.
    public func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        let body = AddressRequest(AddressRetrieveItem(id: id))
        return try Self.address(
            inRetrieveAnswer: try await post(body, to: configuration.retrievePath, notFoundID: id), id: id, in: market)
    }

    /// Posts `body` as JSON and returns the body of a successful answer.
    private func post<Item>(
        _ body: AddressRequest<Item>, to path: String,
        notFoundID: String?
    ) async throws(AddressLookupError) -> Data {
        if let problem = HTTPExchange.problem(with: configuration.baseURL) {
            throw .unavailable(reason: "'\(configuration.baseURL.absoluteString)' \(problem)")
        }
        var request = URLRequest(
            url: configuration.baseURL.appendingPathComponent(path),
            timeoutInterval: configuration.timeoutInterval)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: name) }
        do { request.httpBody = try JSONEncoder().encode(body) } catch {
            throw .invalidResponse(reason: "the request could not be encoded: \(error)")
        }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await HTTPExchange.answer(
                to: request, on: session, within: configuration.timeout,
                headers: configuration.headerProvider, world: configuration.world)
        } catch {
            throw Self.failure(for: error)
        }
        if Task.isCancelled { throw .cancelled }
        guard let http = response as? HTTPURLResponse else { throw .invalidResponse(reason: "the answer is not HTTP") }
        switch http.statusCode {
        case 200..<300: break
        case 404 where notFoundID != nil: throw .notFound(id: notFoundID ?? "")
        case 408, 504: throw .timedOut
        default: throw .unavailable(reason: "HTTP status \(http.statusCode)")
        }
        return data
    }

    /// The payload of a successful answer body.
    private static func payload<Item: Codable & Sendable & Equatable>(_ type: Item.Type, of data: Data)
        throws(AddressLookupError) -> [Item]
    {
        let decoded: AddressAnswer<Item>
        do { decoded = try JSONDecoder().decode(AddressAnswer<Item>.self, from: data) } catch {
            throw .invalidResponse(reason: Self.describe(error))
        }
        guard decoded.status.uppercased() == AddressAnswer<Item>.success else {
            let messages = (decoded.messages ?? []).map(\.text).filter { !$0.isEmpty }
            throw .unavailable(
                reason: "status \(decoded.status)" + (messages.isEmpty ? "" : ": " + messages.joined(separator: "; ")))
        }
        guard let payload = decoded.payload else { throw .invalidResponse(reason: "the answer has no 'payload'") }
        return payload
    }

    private static func failure(for error: any Error) -> AddressLookupError {
        if error is CancellationError { return .cancelled }
        if let failure = error as? HTTPFailure {
            switch failure {
            case .timedOut: return .timedOut
            case .cancelled: return .cancelled
            default: return .unavailable(reason: failure.description)
            }
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return .timedOut
            case .cancelled: return .cancelled
            default: return .unavailable(reason: urlError.localizedDescription)
            }
        }
        if Task.isCancelled { return .cancelled }
        return .unavailable(reason: "\(error)")
    }

    /// What is wrong with a body that did not decode, e.g. "the answer has no 'status'".
    private static func describe(_ error: any Error) -> String {
        (error as? DecodingError)?.readableDescription ?? "\(error)"
    }
}

extension AddressLookupService where Self == HarmonyAddressLookupService {
    /// The Harmony-style address API at `configuration`, on `session` (an ephemeral one by default).
    public static func harmony(
        _ configuration: HarmonyConfiguration,
        session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) -> HarmonyAddressLookupService {
        HarmonyAddressLookupService(configuration: configuration, session: session)
    }
}
