import Crypto
import Foundation
import Hummingbird
import LiveryCore
import LiveryWire

/// `POST /v2/client` with an `Idempotency-Key` header and
/// `{"brand": "<id>", "fields": {"<name>": "<text>", …}}`.
///
/// In order: 400 without the key; 413 / 400 for a body too large or not
/// JSON; 404 for an unknown brand; when the key was used before, 200 with the
/// earlier id for the same request, else 422 `idempotency.mismatch` (or
/// `idempotency.expired` after a day), nothing new stored either way; then
/// the payload is re-validated with the brand's own form rules
/// (``RegistrationCheck``): 422 `validation.failed` with rule codes per
/// field, 409 `account.exists` (the
/// email or mobile belongs to a client of the brand), 409 `username.taken`,
/// 403 `self.excluded`; otherwise 201 `{"clientId": "client-<n>"}`. Password
/// fields are stored only as scrypt hashes.
enum CreateClientRoutes {
    static let idempotencyHeader = HTTPFields.Element.Name(WireHeader.idempotencyKey)!

    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.createClient) { request, context -> Response in
            try await services.injectFaults(.createClient)
            guard let key = request.headers[idempotencyHeader]?.trimmingCharacters(in: .whitespaces), !key.isEmpty
            else {
                throw APIError.missing("the Idempotency-Key header")
            }
            guard key.unicodeScalars.count <= WireLimits.text else {
                throw APIError(
                    .badRequest, code: .requestInvalid,
                    message: "the Idempotency-Key header is longer than 200 characters")
            }
            var request = request
            let body = try await JSONBody.decode(RegistrationRequest.self, from: &request, limit: services.maxBodyBytes)
            let brand = try services.brands.brand(named: body.brand)
            let world = services.world(of: context)
            if let replay = try await replay(key, body.fields, brand: brand, world: world, services: services) {
                return replay
            }
            return try await create(body.fields, brand: brand, key: key, world: world, services: services)
        }
    }

    private static func create(
        _ fields: [String: String], brand: SandboxBrand, key: String, world: SandboxWorld,
        services: SandboxServices
    ) async throws -> Response {
        let username = fields[brand.fieldNames.username.rawValue] ?? ""
        switch try await RegistrationCheck.check(fields, for: brand, store: services.store, world: world) {
        case .valid:
            break
        case .accountExists:
            if let replay = try await replay(key, fields, brand: brand, world: world, services: services) {
                return replay
            }
            throw accountExists
        case .rejected(let violations):
            // A concurrent retry with this key may have taken the username a moment ago: that is a replay, not a conflict.
            if let replay = try await replay(key, fields, brand: brand, world: world, services: services) {
                return replay
            }
            throw rejection(violations, username: brand.fieldNames.username)
        case .selfExcluded:
            throw APIError(
                .forbidden, code: .selfExcluded,
                message: "the applicant is on the self-exclusion register; no account is created")
        }
        // The first Password field in form order; others (a confirmation) must equal it by the form's rules.
        let password = brand.definition.fields
            .first { brand.passwordFields.contains($0.name.rawValue) && fields[$0.name.rawValue] != nil }
            .flatMap { fields[$0.name.rawValue] }
        let passwordHash: String? = if let password { try await services.hashPassword(password) } else { nil }
        let stored = fields.filter { !brand.passwordFields.contains($0.key) }
        let client = NewClient(
            world: world.id, brand: brand.id, username: username, fields: stored,
            passwordHash: passwordHash, idempotencyKey: key,
            fingerprint: fingerprint(fields, brand: brand),
            identity: brand.validator.identity(in: fields))
        switch try await services.store.insert(client) {
        case .created(let id):
            services.metrics.registered(brand: brand.id.rawValue)
            services.logger.info("client created", metadata: ["brand": "\(brand.id)", "client": "client-\(id)"])
            return try JSONAnswer.response(ClientCreated(clientId: "client-\(id)"), status: .created)
        case .replayed:
            if let replay = try await replay(key, fields, brand: brand, world: world, services: services) {
                return replay
            }
            throw APIError(.internalServerError, code: .serverError, message: "the earlier request could not be read")
        case .usernameTaken:
            throw rejection([brand.fieldNames.username: [takenViolation]], username: brand.fieldNames.username)
        case .accountExists:
            throw accountExists
        }
    }

    /// How long a key is honoured: a replay within a day gets the client the
    /// key created; after that the key is refused (422 `idempotency.expired`).
    static let keyLifetime: TimeInterval = 24 * 60 * 60

    /// The answer to a key used before: the earlier client (200) when the
    /// request is the same one (brand, every field, the password checked
    /// against its hash); 422 `idempotency.mismatch` when it is not, or
    /// `idempotency.expired` after ``keyLifetime``; `nil` for a new key.
    private static func replay(
        _ key: String, _ fields: [String: String], brand: SandboxBrand, world: SandboxWorld,
        services: SandboxServices
    ) async throws -> Response? {
        guard let earlier = try await services.store.earlierRequest(forIdempotencyKey: key, in: world.id) else {
            return nil
        }
        if let created = earlier.createdAt, Date().timeIntervalSince(created) > keyLifetime {
            throw APIError(
                .unprocessableContent, code: .idempotencyExpired,
                message: "the Idempotency-Key was used over a day ago; send a new key")
        }
        let password = brand.passwordFields.sorted().compactMap { fields[$0] }.first
        let samePassword =
            switch (password, earlier.passwordHash) {
            case (nil, nil): true
            case (let password?, let hash?): try await services.verifyPassword(password, against: hash)
            default: false
            }
        guard earlier.brand == brand.id.rawValue,
            earlier.fingerprint.map({ $0 == fingerprint(fields, brand: brand) }) ?? true,
            samePassword
        else {
            throw APIError(
                .unprocessableContent, code: .idempotencyMismatch,
                message: "the Idempotency-Key was used before for another request; send a new key for new details")
        }
        return try JSONAnswer.response(ClientCreated(clientId: "client-\(earlier.clientID)"), status: .ok)
    }

    /// The SHA-256 of the brand and the request's non-secret fields, keys sorted.
    private static func fingerprint(_ fields: [String: String], brand: SandboxBrand) -> String {
        let open = fields.filter { !brand.passwordFields.contains($0.key) }
        let data =
            (try? JSONEncoder.sorted.encode([
                "brand": brand.id.rawValue,
                "fields": String(decoding: (try? JSONEncoder.sorted.encode(open)) ?? Data(), as: UTF8.self),
            ])) ?? Data()
        return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// 409 `username.taken` when the username is the only problem, else 422 `validation.failed`.
    private static func rejection(_ violations: [FieldName: [RuleViolation]], username: FieldName) -> APIError {
        if violations.count == 1, violations[username]?.map(\.code) == [takenViolation.code] {
            return APIError(.conflict, code: .usernameTaken, message: "the username is taken", fields: violations)
        }
        let names = violations.keys.map(\.rawValue).sorted().joined(separator: ", ")
        return APIError(
            .unprocessableContent, code: .validationFailed, message: "invalid fields: \(names)", fields: violations)
    }

    private static let accountExists = APIError(
        .conflict, code: .accountExists,
        message: "an account with this email or mobile number already exists; log in instead")

    private static let takenViolation = RuleViolation(code: "username.taken", template: "That username is taken.")
}
