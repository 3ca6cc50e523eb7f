import BrandDeclarations
import LiveryWire

/// The published contract: an OpenAPI 3.1 document of every operation the
/// apps use and the sandbox serves, its schemas read from the wire types
/// themselves. The sandbox serves it at `/openapi.json`; the repository keeps
/// it beside this code (`openapi.json`), and a test holds the two equal.
public enum OpenAPIDocument {
    /// What the document is made of, or why it could not be made.
    public struct Made: Sendable {
        /// The document.
        public let document: JSONValue
        /// Mistakes in the properties' descriptions (`Type.key: what`): a note of no property, a note
        /// repeating the property's documentation comment, a property described by neither.
        public let descriptionProblems: [String]
        /// The operations described, by route.
        public let routes: [WireRoute]

        /// The document as the repository keeps it.
        public var text: String { document.formatted() }
    }

    /// The document of a server serving `scope`.
    /// - Throws: when a wire type's shape cannot be read.
    public static func make(for scope: ContractScope) throws -> Made {
        var schemas = WireSchemas(scope: scope)
        var paths: [(key: String, value: JSONValue)] = []
        for operation in ContractOperation.all {
            let item = try self.operation(operation, schemas: &schemas)
            if let index = paths.firstIndex(where: { $0.key == operation.route.template }),
                case .object(let members) = paths[index].value
            {
                paths[index].value = .object(members + [(operation.route.method.lowercased(), item)])
            } else {
                paths.append((operation.route.template, .object([(operation.route.method.lowercased(), item)])))
            }
        }
        let document = JSONValue.object([
            ("openapi", .string("3.1.0")),
            (
                "info",
                .object([
                    ("title", .string("Livery accounts, registration and addresses")),
                    ("version", .string("1.0.0")),
                    ("description", .string(description)),
                ])
            ),
            ("tags", .array(tags.map { .object([("name", .string($0.0)), ("description", .string($0.1))]) })),
            ("paths", .object(paths)),
            (
                "components",
                .object([
                    ("schemas", .object(schemas.components.map { ($0.name, $0.schema) })),
                    ("securitySchemes", securitySchemes),
                ])
            ),
        ])
        return Made(
            document: document, descriptionProblems: schemas.descriptionProblems,
            routes: ContractOperation.all.map(\.route))
    }

    /// The two tokens a server may ask for: access tokens of every request, seeding tokens of seeding
    /// (made when asked, as the document is).
    private static var securitySchemes: JSONValue {
        .object([
            (
                "bearerToken",
                .object([
                    ("type", .string("http")), ("scheme", .string("bearer")),
                    (
                        "description",
                        .string(
                            "Asked for only when the server is started with access tokens (`--access-token`)."
                        )
                    ),
                ])
            ),
            (
                "seedingToken",
                .object([
                    ("type", .string("apiKey")), ("in", .string("header")),
                    ("name", .string(WireHeader.seedingToken)),
                    (
                        "description",
                        .string(
                            "Asked of every peer when the sandbox is started with seeding tokens (`--seeding-token`); "
                                + "without them, only peers on the sandbox's machine may seed. A world is seeded "
                                + "and deleted only with the token it was made with."
                        )
                    ),
                ])
            ),
        ])
    }

    private static let description = """
        The account API (username check, registration, a client's figures), the registration config and the \
        Harmony-style address API that Livery's apps call, with the sandbox's own operations (health, metrics, \
        worlds and seeding). Every error is a JSON body `{"error": {"code", "message", "fields"?}}`; the codes each \
        status carries are listed with it (`x-error-codes`). A fault injected by a seed or `--fault` answers the \
        status it names (500, 503 and 504 are listed; a fault may name any 400-599).
        """ + " " + connectionRefusals

    /// What the server answers below its routes, for any operation, before closing the connection.
    static let refusedConnections: [(status: Int, code: WireErrorCode, when: String)] = [
        (400, .pathNotCanonical, "the target is not a canonical path"),
        (405, .methodNotAllowed, "no route takes the method on that path"),
        (408, .requestHeadTimeout, "the request head is slow"),
        (408, .requestBodyTimeout, "the body is slow"),
        (431, .requestHeadTooLarge, "the head is too large"),
        (503, .serverBusy, "every connection is in use (with `Retry-After`)"),
        (403, .originForbidden, "a page of another site asked (the preview only)"),
    ]

    private static let connectionRefusals =
        "Below the routes, any request may be refused and its connection closed: "
        + refusedConnections.map { "\($0.status) `\($0.code.rawValue)` when \($0.when)" }.joined(separator: "; ")
        + "."

    private static let tags = [
        ("accounts", "Usernames, registration and a client's figures."),
        ("registration", "The join form a brand's app builds."),
        ("addresses", "Finding and retrieving addresses as a person types."),
        ("operations", "What a team's tooling watches."),
        ("worlds", "Worlds of their own for runs: the sandbox's, when it allows seeding."),
    ]

    private static func operation(_ operation: ContractOperation, schemas: inout WireSchemas) throws -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("operationId", .string(operation.route.operationID)),
            ("summary", .string(operation.summary)),
            ("description", .string(operation.description)),
            ("tags", .array([.string(operation.tag)])),
        ]
        var parameters = operation.parameters.map { parameter in
            var parameter = parameter
            if parameter.namesBrand { parameter.schema = schemas.brandSchema(schemas.scope.brands.map(\.id)) }
            return Self.parameter(parameter)
        }
        if operation.inWorld { parameters += worldParameters }
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        if let body = operation.body {
            var media: [(key: String, value: JSONValue)] = [("schema", try body(&schemas))]
            if let example = operation.bodyExample?(schemas.scope) { media.append(("example", example)) }
            members.append(
                (
                    "requestBody",
                    .object([("required", .bool(true)), ("content", .object([("application/json", .object(media))]))])
                ))
        }
        var responses: [(key: String, value: JSONValue)] = []
        for answer in answers(of: operation) {
            responses.append((answer.status, try response(answer, of: operation, schemas: &schemas)))
        }
        members.append(("responses", .object(responses)))
        if operation.asksForToken {
            members.append(("security", .array([.object([]), .object([("bearerToken", .array([]))])])))
        }
        if operation.asksForSeedingToken {
            members.append(("security", .array([.object([]), .object([("seedingToken", .array([]))])])))
        }
        return .object(members)
    }

    /// The operation's own answers and those every operation of its kind has, one per status.
    static func answers(of operation: ContractOperation) -> [ContractOperation.Answer] {
        typealias Answer = ContractOperation.Answer
        var common: [Answer] = []
        if operation.inWorld {
            common += [
                ContractOperation.error(
                    "400", "The world's id or time header is malformed.", codes: [.requestInvalid]),
                ContractOperation.error(
                    "403", "This sandbox serves only its default world.", codes: [.worldNotAllowed]),
                ContractOperation.error("404", "No world has the id `Livery-World` names.", codes: [.worldUnknown]),
                ContractOperation.error(
                    "410", "The world `Livery-World` names was deleted after its idle time-out.",
                    codes: [.worldExpired]),
                ContractOperation.error(
                    "503", "The database is unavailable; nothing was changed.", codes: [.databaseUnavailable]),
            ]
        }
        if operation.asksForToken {
            var refusal = ContractOperation.error(
                "401", "A token is asked for and none, or an unknown one, was given.",
                codes: [.authRequired, .authInvalid])
            refusal.headers = [("WWW-Authenticate", "`Bearer`.", .object([("type", .string("string"))]))]
            common.append(refusal)
        }
        if operation.readsBody {
            common += [
                ContractOperation.error(
                    "400", "The body is not JSON of the request's shape (the message says where).",
                    codes: [.requestMalformed]),
                ContractOperation.error(
                    "413", "The body is larger than the server reads.", codes: [.requestTooLarge]),
            ]
        }
        if operation.takesFaults {
            common += [
                ContractOperation.error("500", "A fault injected by a seed or `--fault`.", codes: [.faultInjected]),
                ContractOperation.error("503", "A fault injected by a seed or `--fault`.", codes: [.faultInjected]),
                ContractOperation.error("504", "A time-out injected by a seed or `--fault`.", codes: [.faultTimeout]),
            ]
        }
        common.append(
            ContractOperation.error("500", "The server failed; nothing was changed.", codes: [.serverError]))
        var merged: [Answer] = []
        for answer in operation.answers + common {
            if let index = merged.firstIndex(where: { $0.status == answer.status }) {
                guard !merged[index].codes.isEmpty else { continue }
                if !merged[index].description.contains(answer.description) {
                    merged[index].description += " Or: " + answer.description
                }
                for code in answer.codes where !merged[index].codes.contains(code) { merged[index].codes.append(code) }
                merged[index].headers += answer.headers.filter { header in
                    !merged[index].headers.contains { $0.name == header.name }
                }
            } else {
                merged.append(answer)
            }
        }
        return merged.sorted { $0.status < $1.status }
    }

    private static func response(
        _ answer: ContractOperation.Answer, of operation: ContractOperation, schemas: inout WireSchemas
    ) throws -> JSONValue {
        var description = answer.description
        if !answer.codes.isEmpty {
            description += " Codes: " + answer.codes.map { "`\($0.rawValue)`" }.joined(separator: ", ") + "."
        }
        var members: [(key: String, value: JSONValue)] = [("description", .string(description))]
        var headers = answer.headers.map { header in
            (header.name, JSONValue.object([("description", .string(header.description)), ("schema", header.schema)]))
        }
        if operation.inWorld {
            headers.append((WireHeader.answerAfter, answerAfterHeader))
        }
        if !headers.isEmpty { members.append(("headers", .object(headers))) }
        if let body = answer.body {
            let (type, schema) = try body(&schemas)
            var media: [(key: String, value: JSONValue)] = [("schema", schema)]
            if let example = answer.example { media.append(("example", example)) }
            members.append(("content", .object([(type, .object(media))])))
        }
        if !answer.codes.isEmpty {
            members.append(("x-error-codes", .array(answer.codes.map { JSONValue.string($0.rawValue) })))
        }
        let links = operation.links.filter { $0.status == answer.status }
        if !links.isEmpty {
            members.append(("links", .object(links.map { ($0.name, link($0)) })))
        }
        return .object(members)
    }

    private static func link(_ link: ContractOperation.Link) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("operationId", .string(link.operation.operationID)), ("description", .string(link.description)),
        ]
        if !link.parameters.isEmpty {
            members.append(("parameters", .object(link.parameters.map { ($0.0, .string($0.1)) })))
        }
        if let body = link.requestBody { members.append(("requestBody", body)) }
        return .object(members)
    }

    private static func parameter(_ parameter: ContractOperation.Parameter) -> JSONValue {
        .object([
            ("name", .string(parameter.name)), ("in", .string(parameter.place)),
            ("required", .bool(parameter.required)), ("description", .string(parameter.description)),
            ("schema", parameter.schema),
        ])
    }

    private static let worldParameters: [JSONValue] = [
        parameter(
            ContractOperation.Parameter(
                name: WireHeader.world, place: "header", required: false,
                description: "The world the request belongs to (a sandbox's worlds); the default world when absent.",
                schema: .object([("type", .string("string")), ("pattern", .string(WirePatterns.world))]))),
        parameter(
            ContractOperation.Parameter(
                name: WireHeader.worldTime, place: "header", required: false,
                description:
                    "A driven run's time (RFC 3339, e.g. `2026-06-01T09:30:00.000+10:00`), read only with "
                    + "`Livery-World`: its day is the day the brand's rules take as today, and answers are timed on "
                    + "it and say when they arrive in `Livery-Answer-After`. The default world keeps its own day.",
                schema: .object([
                    ("type", .string("string")), ("format", .string("date-time")), ("maxLength", .number(64)),
                    ("pattern", .string(WirePatterns.time)),
                ]))),
    ]

    private static let answerAfterHeader = JSONValue.object([
        (
            "description",
            .string(
                "In a driven world: milliseconds of the run's time after which the answer counts as arrived, or "
                    + "`never` (a time-out).")
        ),
        ("schema", .object([("type", .string("string")), ("pattern", .string("^([0-9]+|never)$"))])),
    ])
}
