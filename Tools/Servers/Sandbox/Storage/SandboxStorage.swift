import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire
import ServerInputs

/// Where the sandbox keeps everything it knows: clients and their account
/// figures, reserved usernames, the self-exclusion register and the worlds
/// (their day, seeded faults, fault draws and when each was last used),
/// every row in a world (``WorldID``).
///
/// Two stores speak it: ``SQLiteStorage`` (one file, one process) and
/// ``PostgresStorage`` (one database behind any number of sandbox
/// processes). Either way the database decides every race — unique keys,
/// `INSERT … ON CONFLICT`, transactions — never a lock in one process, so
/// what one instance stored another sees and none stores a person twice.
protocol SandboxStorage: Sendable {
    /// Whether `username`, or a look-alike of it (see ``UsernameKey``), is reserved or registered with `brand` in `world`.
    func isUsernameTaken(_ username: String, brand: BrandID, in world: WorldID) async throws -> Bool
    /// Whether a client of `brand` in `world` has `identity`'s email or mobile number.
    func hasAccount(_ identity: AccountIdentity, brand: BrandID, in world: WorldID) async throws -> Bool
    /// The request first made with `idempotencyKey` in `world`, if any.
    func earlierRequest(forIdempotencyKey key: String, in world: WorldID) async throws -> EarlierRequest?
    /// Reserves `usernames` in `world` (each once, look-alikes as one).
    func reserveUsernames(_ usernames: [String], in world: WorldID) async throws
    /// Adds people to `world`'s self-exclusion register (each once).
    func addToRegister(_ people: [SelfExcludedPerson], in world: WorldID) async throws
    /// The people on `world`'s self-exclusion register.
    func selfExclusionRegister(of world: WorldID) async throws -> [SelfExcludedPerson]
    /// Stores `client` with a zero-balance account, in one transaction; the
    /// unique keys decide (see ``Insertion``).
    func insert(_ client: NewClient) async throws -> Insertion
    /// The account figures of client `id` of `world`, or `nil` for a client the world does not have.
    func details(clientID id: Int64, in world: WorldID) async throws -> AccountDetails?
    /// Replaces the account figures of client `id` of `world`; `false` for a client the world does not have.
    func setDetails(_ details: AccountDetails, clientID id: Int64, in world: WorldID) async throws -> Bool
    /// The betslip count of client `id` of `world`, or `nil` for a client the world does not have.
    func betslipCount(clientID id: Int64, in world: WorldID) async throws -> Int?
    /// Sets the betslip count of client `id` of `world`; `false` for a client the world does not have.
    func setBetslipCount(_ count: Int, clientID id: Int64, in world: WorldID) async throws -> Bool
    /// The clients registrations created in `world` (not the existing accounts a seed put there), oldest
    /// first, at most `limit` of them: id, brand and the fields stored (never a password).
    func registeredClients(in world: WorldID, limit: Int) async throws -> [RegisteredClient]

    /// Makes world `id` for `owner`, used at `now`, unless `caps.total` live
    /// worlds exist already (the default world not counted) or `owner` holds
    /// `caps.perOwner` of them: whether it was made, or which cap stopped it.
    func createWorld(_ id: WorldID, owner: WorldOwner, caps: WorldCaps, now: Date) async throws -> WorldCreation
    /// World `id` as stored, its last use moved to `now` unless it was
    /// unused since before `idleSince` (then it is ``WorldLookup/expired``).
    func useWorld(_ id: WorldID, now: Date, idleSince: Date) async throws -> WorldLookup
    /// Sets the seeded day and faults of world `id` (restarting its fault draws).
    func seedWorld(_ id: WorldID, today: CalendarDay?, faults: [String]) async throws
    /// Counts one call of `route` in world `id`: how many came before it
    /// since the world's faults were seeded.
    func drawFault(_ route: ServiceRoute, in id: WorldID) async throws -> UInt64
    /// Deletes world `id` and everything it holds; whether it existed (and had not expired).
    func deleteWorld(_ id: WorldID) async throws -> Bool
    /// Expires the worlds unused since before `idleSince`, deleting what they
    /// held (each is remembered as expired for a day): their ids.
    func expireWorlds(idleSince: Date) async throws -> [WorldID]
    /// How many live worlds exist (the default world not counted).
    func worldCount() async throws -> Int

    /// Throws unless the database answers.
    func ping() async throws
    /// Closes the database; later calls fail.
    func close() async
}

/// A world as stored.
struct StoredWorld: Sendable, Equatable {
    /// The day a seed set, if any.
    var today: CalendarDay?
    /// The faults a seed set, as fault values (`create-client=503`).
    var faults: [String]
    /// Who made it: only they may seed or delete it.
    var owner: WorldOwner = .thisMachine
}

/// What looking a world up came to.
enum WorldLookup: Sendable, Equatable {
    case found(StoredWorld)
    /// It was deleted (or is about to be) after going unused for the idle time-out.
    case expired
    case unknown
}

/// The request an idempotency key was first used for: the client it
/// created, the brand, the request's fingerprint, the password hash and when.
struct EarlierRequest: Sendable {
    let clientID: Int64
    let brand: String
    let fingerprint: String?
    let passwordHash: String?
    let createdAt: Date?
}

/// A client a registration created, as stored.
struct RegisteredClient: Sendable, Equatable {
    let id: Int64
    let brand: String
    /// The fields, as stored: JSON with sorted keys.
    let fieldsJSON: String
}

/// A client to store: no password in `fields`, only its hash.
struct NewClient: Sendable {
    var world: WorldID
    var brand: BrandID
    var username: String
    var fields: [String: String]
    var passwordHash: String?
    var idempotencyKey: String
    /// The fingerprint of the request that created it (see ``CreateClientRoutes``).
    var fingerprint: String
    /// Who the client is, by email and mobile.
    var identity: AccountIdentity

    /// `fields` as stored: JSON with sorted keys.
    var fieldsJSON: String {
        get throws { String(decoding: try JSONEncoder.sorted.encode(fields), as: UTF8.self) }
    }
}

/// What storing a client came to.
///
/// In each world there is one row per idempotency key, per brand and
/// username key, per brand and email, and per brand and mobile number. Of
/// concurrent requests that share any of them, exactly one is stored and
/// the others learn why they were not: their idempotency key first (a
/// retry is a replay whatever else it shares), then the username, then the
/// person's email or mobile number.
enum Insertion: Equatable, Sendable {
    /// A new row with this id.
    case created(Int64)
    /// The key was used before (e.g. by a concurrent retry): that row's id.
    case replayed(Int64)
    /// Another client took the username first.
    case usernameTaken
    /// A client of the brand has the email or the mobile number already.
    case accountExists
}

/// The database could not be reached, or went away: answered 503
/// `database.unavailable`, and nothing is acknowledged that was not stored.
struct StorageUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the database is unavailable: \(reason)" }
}

extension SandboxStorage {
    /// Stores clients of `brand` in `world` for people who already have an
    /// account (no password; a made-up username when none is given or it is
    /// taken), each once; how many were new.
    func insertExistingAccounts(
        _ accounts: [ExistingAccount], brand: BrandID, market: Market, in world: WorldID
    ) async throws -> Int {
        var added = 0
        for account in accounts {
            let identity = AccountIdentity(account, in: market)
            if try await hasAccount(identity, brand: brand, in: world) { continue }
            var fields: [String: String] = [:]
            fields["email"] = account.email
            fields["mobile"] = account.mobile
            var username = account.username ?? ""
            let taken = username.isEmpty ? true : try await isUsernameTaken(username, brand: brand, in: world)
            if taken { username = "existing-" + UUID().uuidString.prefix(8).lowercased() }
            let client = NewClient(
                world: world, brand: brand, username: username, fields: fields, passwordHash: nil,
                idempotencyKey: "seed-" + UUID().uuidString, fingerprint: "seeded", identity: identity)
            if case .created = try await insert(client) { added += 1 }
        }
        return added
    }

    /// Starts `world` as the default world started: the sample taken
    /// usernames and the sample register.
    func startWorld(_ world: WorldID) async throws {
        try await reserveUsernames(EmbeddedWorld.sampleTakenUsernames.sorted(), in: world)
        try await addToRegister(EmbeddedWorld.sampleRegister, in: world)
    }
}

/// The tables whose rows belong to a world (an account goes with its client).
enum WorldTables {
    static let all = ["client", "reserved_username", "self_excluded_person", "fault_draw"]
}

extension JSONEncoder {
    /// An encoder with sorted keys, so stored and answered JSON is stable.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension Date {
    /// Seconds since 1970, as worlds' last use is stored.
    var storedSeconds: Double { timeIntervalSince1970 }
}
