import AddressLookupFeature
import BrandDeclarations
import LiveryWire

extension ContractOperation {
    /// Every operation of the contract, in ``LiveryWire/WireOperation``'s order.
    static let all = WireOperation.allCases.map(described)

    /// How the document describes `operation`.
    private static func described(_ operation: WireOperation) -> ContractOperation {
        switch operation {
        case .checkUsername: checkUsername
        case .createClient: createClient
        case .clientDetails: clientDetails
        case .setClientDetails: setClientDetails
        case .betslipCount: betslipCount
        case .setBetslipCount: setBetslipCount
        case .registrationConfig: registrationConfig
        case .findAddress: findAddress
        case .retrieveAddress: retrieveAddress
        case .health: health
        case .metrics: metrics
        case .contract: contract
        case .seed: seed
        case .createWorld: createWorld
        case .deleteWorld: deleteWorld
        case .registeredClients: registeredClients
        }
    }

    private static let clientID = path(
        "clientId", "The client's id, as registration answered it.", pattern: "^client-[1-9][0-9]*$", maxLength: 64)

    private static let sampleBreach = RuleBreach(
        code: "length.max", message: "Usernames are at most 20 characters.", parameters: ["max": "20"])

    static let checkUsername = ContractOperation(
        route: .checkUsername, summary: "Whether a username can be had",
        description: """
            The brand's username rules come first (the very rules its form and registration apply, so the three \
            never disagree), then whether the name or a look-alike of it is reserved or registered with the brand. \
            A name that cannot be had is a 200 answer with its reasons: the question was answered.
            """,
        tag: "accounts",
        parameters: [brandQuery, query("username", "The name asked about.")],
        answers: [
            json(
                "200", "The verdict.", UsernameAvailability.self,
                example: UsernameAvailability(
                    username: "a-very-long-username-indeed", available: false, reason: "length.max",
                    violations: [sampleBreach])),
            error("400", "A query parameter is missing or longer than 200 characters.", codes: [.requestInvalid]),
            error("404", "The brand is not served.", codes: [.brandUnknown]),
        ],
        links: [
            Link(
                name: "Register", status: "200", operation: .createClient,
                description: "Register with the brand asked about.",
                requestBody: .object([
                    ("brand", .string("$request.query.brand")),
                    ("fields", .object([("username", .string("$response.body#/username"))])),
                ]))
        ],
        asksForToken: true, takesFaults: true)

    static let createClient = ContractOperation(
        route: .createClient, summary: "Register a client",
        description: """
            The values are checked again with the brand's own form rules. A request repeated with the same \
            `Idempotency-Key` gets the first answer's client (200) and stores nothing new; the same key with another \
            request is 422 `idempotency.mismatch`, and a key over a day old 422 `idempotency.expired`. Passwords \
            are stored only as hashes.
            """,
        tag: "accounts",
        parameters: [
            Parameter(
                name: WireHeader.idempotencyKey, place: "header", required: true,
                description: "A key the app makes once per registration and sends again with every retry of it.",
                schema: .object([
                    ("type", .string("string")), ("minLength", .number(1)),
                    ("maxLength", .number(Double(WireLimits.text))), ("pattern", .string("\\S")),
                ]))
        ],
        body: { schemas in try schemas.registration() },
        bodyExample: { scope in
            scope.brands.first.flatMap { brand in
                RegistrationSample(brand: brand).fields.map {
                    JSONValue(encoding: RegistrationRequest(brand: brand.id.rawValue, fields: $0))
                }
            }
        },
        answers: [
            json("201", "The client was made.", ClientCreated.self, example: ClientCreated(clientId: "client-7")),
            json("200", "A repeat of an earlier request with its key: that request's client.", ClientCreated.self),
            error(
                "400", "The `Idempotency-Key` is missing, blank or longer than 200 characters.",
                codes: [.requestInvalid]),
            error(
                "403", "The applicant is on the self-exclusion register; no account is made.", codes: [.selfExcluded]),
            error("404", "The brand is not served.", codes: [.brandUnknown]),
            error(
                "409",
                "The username is taken (`fields` says so), or the e-mail address or mobile number belongs to a client.",
                codes: [.usernameTaken, .accountExists]),
            error(
                "422", "Fields break the brand's rules (`fields` lists them), or the key was used for another request.",
                codes: [.validationFailed, .idempotencyMismatch, .idempotencyExpired]),
        ],
        links: [
            Link(
                name: "Replay", status: "201", operation: .createClient,
                description: "The same request with the same key: 200 with the same client.",
                parameters: [("header.\(WireHeader.idempotencyKey)", "$request.header.\(WireHeader.idempotencyKey)")],
                requestBody: .string("$request.body")),
            Link(
                name: "Details", status: "201", operation: .clientDetails, description: "The new client's figures.",
                parameters: [("path.clientId", "$response.body#/clientId")]),
            Link(
                name: "BetslipCount", status: "201", operation: .betslipCount,
                description: "The new client's betslip.", parameters: [("path.clientId", "$response.body#/clientId")]),
        ],
        asksForToken: true, takesFaults: true)

    private static let sampleDetails = AccountDetails(
        balance: "125.50", pendingBetsCount: 2, promotionsBalance: 3,
        socialProfile: AccountDetails.Profile(nickname: "ada"))

    static let clientDetails = ContractOperation(
        route: .clientDetails, summary: "A client's app-bar figures",
        description: "A new client starts at balance `0.00`, no bets, no promotions and no profile.",
        tag: "accounts", parameters: [clientID],
        answers: [
            json("200", "The figures.", AccountDetails.self, example: sampleDetails),
            error("404", "No client has this id.", codes: [.clientUnknown]),
        ],
        asksForToken: true, takesFaults: true)

    static let setClientDetails = ContractOperation(
        route: .setClientDetails, summary: "Set a client's app-bar figures",
        description: "For tests and demos: the figures the app bar shows next.",
        tag: "accounts", parameters: [clientID],
        body: { schemas in try schemas.reference(to: AccountDetails.self) },
        bodyExample: { _ in JSONValue(encoding: sampleDetails) },
        answers: [
            json("200", "The figures now.", AccountDetails.self),
            error("400", "A figure is out of bounds.", codes: [.requestInvalid]),
            error("404", "No client has this id.", codes: [.clientUnknown]),
        ],
        asksForToken: true, takesFaults: true)

    static let betslipCount = ContractOperation(
        route: .betslipCount, summary: "A client's betslip count", description: "A new client's betslip is empty.",
        tag: "accounts", parameters: [clientID],
        answers: [
            json("200", "The count.", BetslipCount.self, example: BetslipCount(count: 2)),
            error("404", "No client has this id.", codes: [.clientUnknown]),
        ],
        asksForToken: true, takesFaults: true)

    static let setBetslipCount = ContractOperation(
        route: .setBetslipCount, summary: "Set a client's betslip count",
        description: "For tests and demos: the count the app bar shows next.",
        tag: "accounts", parameters: [clientID],
        body: { schemas in try schemas.reference(to: BetslipCount.self) },
        bodyExample: { _ in JSONValue(encoding: BetslipCount(count: 3)) },
        answers: [
            json("200", "The count now.", BetslipCount.self),
            error("400", "The count is out of bounds.", codes: [.requestInvalid]),
            error("404", "No client has this id.", codes: [.clientUnknown]),
        ],
        asksForToken: true, takesFaults: true)

    static let registrationConfig = ContractOperation(
        route: .registrationConfig, summary: "A brand's join form definition",
        description: "The definition the brand's app builds its join form from: its fields, their rules and its pages.",
        tag: "registration", parameters: [brandQuery],
        answers: [
            Answer(
                status: "200", description: "The definition.",
                body: { _ in ("application/json", FormDefinitionSchema.schema) }),
            error("400", "The brand is not named.", codes: [.requestInvalid]),
            error("404", "The brand is not served.", codes: [.brandUnknown]),
        ],
        asksForToken: true, takesFaults: true)

    static let findAddress = ContractOperation(
        route: .findAddress, summary: "Address suggestions for typed text",
        description: "The best 8 addresses of the country for the text, best first.",
        tag: "addresses",
        body: { schemas in
            let reference = try schemas.reference(to: AddressRequest<AddressFindItem>.self)
            let country = schemas.countrySchema
            schemas.refine(WireSchemas.name(of: AddressFindItem.self)) { $0.updateProperty("country") { _ in country } }
            return reference
        },
        bodyExample: { scope in
            scope.brands.first.map {
                JSONValue(
                    encoding: AddressRequest(
                        AddressFindItem(country: $0.market.code, fullAddress: $0.market.address.sampleSearch)))
            }
        },
        answers: [
            json(
                "200", "The suggestions.", AddressAnswer<FoundAddress>.self,
                example: AddressAnswer(payload: [
                    FoundAddress(id: "AU-1", fullAddress: "12 Smith Street, Collingwood VIC 3066")
                ])),
            error(
                "400", "No item, a country not served, or text over 200 characters or 12 words.",
                codes: [.requestInvalid]),
        ],
        links: [
            Link(
                name: "Retrieve", status: "200", operation: .retrieveAddress,
                description: "The first suggestion's whole address.",
                requestBody: .object([
                    ("payload", .array([.object([("id", .string("$response.body#/payload/0/id"))])]))
                ]))
        ],
        asksForToken: true, takesFaults: true)

    static let retrieveAddress = ContractOperation(
        route: .retrieveAddress, summary: "A suggestion's whole address", description: "The address in parts.",
        tag: "addresses",
        body: { schemas in try schemas.reference(to: AddressRequest<AddressRetrieveItem>.self) },
        bodyExample: { scope in
            // The first address of the first brand's market the server finds: the pack's own, or the bundled index's.
            scope.brands.first.flatMap { brand in
                let market = brand.market
                let addresses =
                    market.addresses.isEmpty
                    ? ((try? AddressDataset.bundled()) ?? []).filter { $0.marketCode == market.code } : market.addresses
                return addresses.first?.id.map { JSONValue(encoding: AddressRequest(AddressRetrieveItem(id: $0))) }
            }
        },
        answers: [
            json(
                "200", "The address.", AddressAnswer<AddressRecord>.self,
                example: AddressAnswer(payload: [
                    AddressRecord(
                        id: "AU-1", fullAddress: "3/12 Smith Street, Collingwood VIC 3066", unit: "3",
                        streetNumber: "12", street: "Smith Street", locality: "Collingwood", state: "VIC",
                        postcode: "3066", country: "AU")
                ])),
            error("400", "No item.", codes: [.requestInvalid]),
            error("404", "No address has this id.", codes: [.addressUnknown]),
        ],
        asksForToken: true, takesFaults: true)

    static let health = ContractOperation(
        route: .health, summary: "Whether the server and its database answer",
        description: "For load balancers: 503 while the database does not answer within its deadline.",
        tag: "operations",
        answers: [
            json(
                "200", "Ready.", HealthAnswer.self, example: HealthAnswer(status: "ready", database: "sqlite")),
            json("503", "The database does not answer; the instance should be taken out.", HealthAnswer.self),
        ],
        inWorld: false)

    static let metrics = ContractOperation(
        route: .metrics, summary: "The process's metrics",
        description: "Requests, registrations, worlds and password hashing, in Prometheus' text format.",
        tag: "operations",
        answers: [
            Answer(
                status: "200", description: "The metrics.",
                body: { _ in ("text/plain", .object([("type", .string("string"))])) })
        ],
        inWorld: false)

    static let contract = ContractOperation(
        route: .contract, summary: "This document", description: "The contract as OpenAPI 3.1.", tag: "operations",
        answers: [
            Answer(
                status: "200", description: "The document.",
                body: { _ in ("application/json", .object([("type", .string("object"))])) })
        ],
        inWorld: false)

    /// A seed of the scope's first brand.
    private static let seedExample: @Sendable (ContractScope) -> JSONValue? = { scope in
        scope.brands.first.map { brand in
            JSONValue(
                encoding: SeedRequest(
                    brand: brand.id.rawValue, today: "2026-06-01",
                    existingAccounts: [SeedRequest.Account(email: "taken@example.com")], takenUsernames: ["punter"],
                    selfExcluded: [SeedRequest.Person(firstName: "Sam", lastName: "Smith", dateOfBirth: "1980-01-01")],
                    faults: []))
        }
    }

    /// The refusals of a seed body; `ofWorld`: for a world already made, which only its maker's token may seed.
    private static func seedRefusals(ofWorld: Bool) -> [Answer] {
        [
            error("400", "A value is not what the contract allows; nothing was changed.", codes: [.seedInvalid]),
            error(
                "403",
                "Seeding is answered only to this machine or, on a sandbox with seeding tokens, to a peer sending one"
                    + (ofWorld
                        ? "; a world is seeded only with the token it was made with, and on a sandbox with seeding "
                            + "tokens no token seeds the default world." : "."),
                codes: [.seedForbidden] + (ofWorld ? [.worldForbidden] : [])),
            error(
                "404", "The brand is not served, or the sandbox does not allow seeding.",
                codes: [.brandUnknown, .routeUnknown]),
        ]
    }

    static let seed = ContractOperation(
        route: .seed, summary: "Seed a world",
        description: """
            Seeds the world `Livery-World` names, or the default one. `today` and `faults` replace the previous \
            seed's; accounts, usernames and register entries are added. Served only when the sandbox allows seeding.
            """,
        tag: "worlds",
        body: { schemas in try schemas.seed() }, bodyExample: seedExample,
        answers: [
            json(
                "200", "What was seeded.", Seeded.self,
                example: Seeded(
                    brand: "neds", today: "2026-06-01", existingAccounts: 1, takenUsernames: 1, selfExcluded: 1,
                    faults: []))
        ] + seedRefusals(ofWorld: true))

    static let createWorld = ContractOperation(
        route: .createWorld, summary: "Make a world of its own for a run",
        description: """
            A new world, starting as the default world started, with the seed on top; requests name it with \
            `Livery-World`. A world unused for the idle time-out is deleted. Served only when the sandbox allows seeding.
            """,
        tag: "worlds",
        body: { schemas in try schemas.seed() }, bodyExample: seedExample,
        answers: [
            json("201", "The world.", WorldCreated.self),
            error("429", "As many worlds as the sandbox keeps are in use.", codes: [.worldLimit]),
        ] + seedRefusals(ofWorld: false),
        links: [
            Link(
                name: "Seed", status: "201", operation: .seed, description: "Seed the world made again.",
                parameters: [("header.\(WireHeader.world)", "$response.body#/world")]),
            Link(
                name: "Delete", status: "201", operation: .deleteWorld, description: "Delete the world made.",
                parameters: [("path.worldId", "$response.body#/world")]),
        ])

    static let deleteWorld = ContractOperation(
        route: .deleteWorld, summary: "Delete a world and everything it holds",
        description: "Served only when the sandbox allows seeding.", tag: "worlds",
        parameters: [
            path("worldId", "The world's id, as making it answered.", pattern: WirePatterns.world, maxLength: 32)
        ],
        answers: [
            Answer(status: "204", description: "Deleted."),
            error("400", "The default world cannot be deleted.", codes: [.requestInvalid]),
            error(
                "403",
                "Seeding is answered only to this machine or, on a sandbox with seeding tokens, to a peer sending one; "
                    + "a world is deleted only with the token it was made with.",
                codes: [.seedForbidden, .worldForbidden]),
            error(
                "404", "No world has this id, or the sandbox does not allow seeding.",
                codes: [.worldUnknown, .routeUnknown]),
            error("410", "The world was deleted after its idle time-out.", codes: [.worldExpired]),
        ])

    static let registeredClients = ContractOperation(
        route: .registeredClients, summary: "The clients a world's registrations created",
        description: """
            What the server stored for each registration in the world `Livery-World` names (or the default one), \
            oldest first, never a password: what a run reads to check the far side kept what the app sent. Served \
            only when the sandbox allows seeding, to the peers that may seed the world.
            """,
        tag: "worlds",
        answers: [
            json(
                "200", "The world's clients.", RegisteredClients.self,
                example: RegisteredClients(clients: [
                    RegisteredClients.Client(
                        clientId: "client-1", brand: "neds",
                        fields: ["email": "pat@example.com", "username": "pat_smith"])
                ])),
            error(
                "403",
                "Answered only to this machine or, on a sandbox with seeding tokens, to a peer sending one; a "
                    + "world's clients only with the token it was made with.",
                codes: [.seedForbidden, .worldForbidden]),
            error("404", "The sandbox does not allow seeding.", codes: [.routeUnknown]),
        ])
}
