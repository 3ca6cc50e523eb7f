import BrandDeclarations
import LiveryWire

/// One operation as the document describes it: the route, words, parameters,
/// body and every answer with its status and error codes.
struct ContractOperation: Sendable {
    /// A parameter in the query, the path or a header.
    struct Parameter: Sendable {
        let name: String
        let place: String
        let required: Bool
        let description: String
        var schema: JSONValue
        /// Whether it names a brand: its schema is then the served brands'.
        var namesBrand = false
    }

    /// One status's answer.
    struct Answer: Sendable {
        let status: String
        var description: String
        /// The body's media type and schema, made when the document is.
        var body: (@Sendable (inout WireSchemas) throws -> (type: String, schema: JSONValue))?
        var example: JSONValue?
        /// The error codes this status carries (for error answers).
        var codes: [WireErrorCode] = []
        /// Response headers by name: description and schema.
        var headers: [(name: String, description: String, schema: JSONValue)] = []
    }

    /// A follow-up request a stateful test may send after a success.
    struct Link: Sendable {
        let name: String
        let status: String
        let operation: WireRoute
        let description: String
        var parameters: [(String, String)] = []
        var requestBody: JSONValue?
    }

    let route: WireRoute
    let summary: String
    let description: String
    var tag: String
    var parameters: [Parameter] = []
    var body: (@Sendable (inout WireSchemas) throws -> JSONValue)?
    /// An example body the server accepts, made for the document's scope (none when the scope has nothing to show).
    var bodyExample: (@Sendable (ContractScope) -> JSONValue?)?
    var answers: [Answer] = []
    var links: [Link] = []
    /// Whether a request names a world (`Livery-World`) and is answered in it.
    var inWorld = true
    /// Whether a sandbox started with access tokens asks for one.
    var asksForToken = false
    /// Whether a sandbox started with seeding tokens asks for one (it makes, seeds or deletes worlds).
    var asksForSeedingToken: Bool { route.isSeeding }
    /// Whether faults can be injected into it.
    var takesFaults = false
    /// Whether it reads a JSON body.
    var readsBody: Bool { body != nil }

    /// An answer of `Value` as JSON, with `example`.
    static func json<Value: Codable & Sendable>(
        _ status: String, _ description: String, _ type: Value.Type, example: Value? = nil
    ) -> Answer {
        Answer(
            status: status, description: description,
            body: { schemas in ("application/json", try schemas.reference(to: Value.self)) },
            example: example.map { JSONValue(encoding: $0) })
    }

    /// An error answer of `status` carrying `codes`.
    static func error(_ status: String, _ description: String, codes: [WireErrorCode]) -> Answer {
        Answer(
            status: status, description: description,
            body: { schemas in ("application/json", try schemas.reference(to: ErrorAnswer.self)) }, codes: codes)
    }

    /// A query parameter that must be given: non-empty text of at most ``WireLimits/text`` characters.
    static func query(_ name: String, _ description: String) -> Parameter {
        Parameter(
            name: name, place: "query", required: true, description: description,
            schema: .object([
                ("type", .string("string")), ("minLength", .number(1)), ("maxLength", .number(Double(WireLimits.text))),
            ]))
    }

    /// The query parameter `brand`: a brand served, by id.
    static let brandQuery: Parameter = {
        var parameter = query("brand", "The brand, by id (its letters in any case).")
        parameter.namesBrand = true
        return parameter
    }()

    /// A path parameter.
    static func path(_ name: String, _ description: String, pattern: String?, maxLength: Int) -> Parameter {
        var schema: [(key: String, value: JSONValue)] = [
            ("type", .string("string")), ("minLength", .number(1)), ("maxLength", .number(Double(maxLength))),
        ]
        if let pattern { schema.append(("pattern", .string(pattern))) }
        return Parameter(name: name, place: "path", required: true, description: description, schema: .object(schema))
    }
}
