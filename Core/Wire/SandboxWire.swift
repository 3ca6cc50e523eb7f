/// `POST /sandbox/seed` and `POST /sandbox/worlds`: the world a scenario's `given:` describes.
public struct SeedRequest: Codable, Sendable, Equatable, WireDocumented {
    /// Someone who already has an account.
    public struct Account: Codable, Sendable, Equatable, WireDocumented {
        /// Their e-mail address.
        public var email: String?
        /// Their mobile number.
        public var mobile: String?
        /// Their username.
        public var username: String?

        /// An existing account by any of its email, mobile or username (what a new one may not reuse).
        public init(email: String? = nil, mobile: String? = nil, username: String? = nil) {
            self.email = email
            self.mobile = mobile
            self.username = username
        }

        public static let wireSummary = "Someone who already has an account: an e-mail address or a mobile number."
        public static let wireNotes: [String: WireNote] = [
            "email": WireNote(length: 0...WireLimits.text),
            "mobile": WireNote(length: 0...WireLimits.text),
            "username": WireNote(length: 0...WireLimits.text),
        ]
    }

    /// Someone on the self-exclusion register.
    public struct Person: Codable, Sendable, Equatable, WireDocumented {
        /// Their first name.
        public var firstName: String
        /// Their last name.
        public var lastName: String
        /// `yyyy-mm-dd`.
        public var dateOfBirth: String

        /// A person on the self-exclusion register, by name and date of birth.
        public init(firstName: String, lastName: String, dateOfBirth: String) {
            self.firstName = firstName
            self.lastName = lastName
            self.dateOfBirth = dateOfBirth
        }

        public static let wireSummary = "Someone on the self-exclusion register."
        public static let wireNotes: [String: WireNote] = [
            "firstName": WireNote(length: 0...WireLimits.text),
            "lastName": WireNote(length: 0...WireLimits.text),
            "dateOfBirth": WireNote("Their date of birth.", pattern: SeedRequest.datePattern, format: "date"),
        ]
    }

    /// The brand, by id (its letters in any case).
    public var brand: String
    /// `yyyy-mm-dd`, the day taken as today.
    public var today: String?
    /// People who already have accounts.
    public var existingAccounts: [Account]?
    /// Usernames taken.
    public var takenUsernames: [String]?
    /// People on the self-exclusion register.
    public var selfExcluded: [Person]?
    /// Fault words such as `check-username=500@1.0`.
    public var faults: [String]?

    /// What to put in `brand`'s world before a run: accounts, taken usernames, the register, the day and faults.
    public init(
        brand: String, today: String? = nil, existingAccounts: [Account]? = nil, takenUsernames: [String]? = nil,
        selfExcluded: [Person]? = nil, faults: [String]? = nil
    ) {
        self.brand = brand
        self.today = today
        self.existingAccounts = existingAccounts
        self.takenUsernames = takenUsernames
        self.selfExcluded = selfExcluded
        self.faults = faults
    }

    /// A date as the contract writes one: `yyyy-mm-dd`, of a day that exists.
    public static let datePattern = WirePatterns.calendarDay

    public static let wireSummary =
        "A world's starting point: its day, existing accounts, taken usernames, register entries and faults."
    public static let wireNotes: [String: WireNote] = [
        "brand": WireNote(length: 1...WireLimits.text),
        "today": WireNote(
            "The day taken as today; the system's date when absent.", pattern: datePattern, format: "date"),
        "existingAccounts": WireNote(
            "People who already have accounts (added to those stored).", count: 0...WireLimits.seedEntries),
        "takenUsernames": WireNote("Usernames taken (added to those stored).", count: 0...WireLimits.seedEntries),
        "selfExcluded": WireNote(
            "People on the self-exclusion register (added).", count: 0...WireLimits.seedEntries),
        "faults": WireNote(
            "Faults replacing the world's: `<route>=<status 400-599>[@rate]`, `<route>=timeout[@rate]` or "
                + "`<route>=latency <n>ms|s`, e.g. `check-username=500@0.3`.",
            count: 0...WireLimits.seedEntries),
    ]
}

/// What a seed put in its world.
public struct Seeded: Codable, Sendable, Equatable, WireDocumented {
    /// The brand seeded.
    public var brand: String
    /// The day taken as today, when one was given.
    public var today: String?
    /// Existing accounts added.
    public var existingAccounts: Int
    /// Usernames taken.
    public var takenUsernames: Int
    /// Register entries added.
    public var selfExcluded: Int
    /// The world's faults now.
    public var faults: [String]

    /// What a seed put in the world, counted.
    public init(
        brand: String, today: String?, existingAccounts: Int, takenUsernames: Int, selfExcluded: Int,
        faults: [String]
    ) {
        self.brand = brand
        self.today = today
        self.existingAccounts = existingAccounts
        self.takenUsernames = takenUsernames
        self.selfExcluded = selfExcluded
        self.faults = faults
    }

    public static let wireSummary = "What a seed put in its world."
}

/// The answer to `POST /sandbox/worlds`.
public struct WorldCreated: Codable, Sendable, Equatable, WireDocumented {
    /// The new world's id, for the `Livery-World` header.
    public var world: String
    /// What was seeded into it.
    public var seeded: Seeded

    /// The new `world`'s id and what its seed put in it.
    public init(world: String, seeded: Seeded) {
        self.world = world
        self.seeded = seeded
    }

    public static let wireSummary = "A new world and what was seeded into it."
    public static let wireNotes: [String: WireNote] = [
        "world": WireNote("The world's id, for the `Livery-World` header.", length: 1...64)
    ]
}

/// `GET /sandbox/clients`: the clients registrations created in the request's world, oldest first.
public struct RegisteredClients: Codable, Sendable, Equatable, WireDocumented {
    /// A client as the server stored it.
    public struct Client: Codable, Sendable, Equatable, WireDocumented {
        /// The client's id, as registration answered it.
        public var clientId: String
        /// The brand joined.
        public var brand: String
        /// The fields stored, by name; never a password.
        public var fields: [String: String]

        /// Client `clientId` of `brand` with the `fields` the server stored.
        public init(clientId: String, brand: String, fields: [String: String]) {
            self.clientId = clientId
            self.brand = brand
            self.fields = fields
        }

        public static let wireSummary = "A client a registration created, as the server stored it."
        public static let wireNotes: [String: WireNote] = [
            "clientId": WireNote("The client's id.", pattern: "^client-[1-9][0-9]*$"),
            "brand": WireNote(length: 1...WireLimits.text),
            "fields": WireNote("The fields stored, by name, as registration sent them; never a password."),
        ]
    }

    /// The clients, oldest first.
    public var clients: [Client]

    /// The clients a world holds.
    public init(clients: [Client]) { self.clients = clients }

    /// The most clients one answer lists: the oldest ones.
    public static let limit = 1_000

    public static let wireSummary =
        "The clients registrations created in the world, oldest first (not the existing accounts a seed added)."
    public static let wireNotes: [String: WireNote] = [
        "clients": WireNote("The clients, oldest first; at most the oldest 1000.", count: 0...limit)
    ]
}

/// `GET /health`: whether the server's database answers.
public struct HealthAnswer: Codable, Sendable, Equatable, WireDocumented {
    /// `ready` or `unavailable`.
    public var status: String
    /// `sqlite` or `postgres`.
    public var database: String
    /// Why not, while unavailable.
    public var reason: String?

    /// Whether the server is `ready`, on which `database`, and why not while unavailable.
    public init(status: String, database: String, reason: String? = nil) {
        self.status = status
        self.database = database
        self.reason = reason
    }

    public static let wireSummary = "Whether the server and its database answer."
    public static let wireNotes: [String: WireNote] = [
        "status": WireNote("Whether requests can be served.", choices: ["ready", "unavailable"]),
        "database": WireNote("Where the data is kept.", choices: ["sqlite", "postgres"]),
    ]
}
