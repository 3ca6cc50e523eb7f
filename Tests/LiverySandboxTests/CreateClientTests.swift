import Foundation
import GRDB
import LiverySandbox
import LiveryTesting
import LiveryWire
import Testing

@Suite("create-client")
struct CreateClientTests {
    @Test("a valid registration is 201 with a client id; the row keeps brand, username and fields")
    func creates() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let answer = try await sandbox.createClient(fields: Registrations.australian)
            #expect(answer.status == 201)
            #expect((try answer.decoded(ClientCreated.self).clientId) == "client-1")
            let row = try #require(
                try DatabaseQueue(path: sandbox.databasePath).read { db in
                    try Row.fetchOne(db, sql: "SELECT brand, username, fields, created_at FROM client")
                })
            #expect(row["brand"] as String == "neds")
            #expect(row["username"] as String == "adalove")
            #expect((row["fields"] as String).contains("ada@example.com"))
            #expect(!(row["created_at"] as String).isEmpty)
        }
    }

    @Test("a retry with the same Idempotency-Key is 200 with the same id and exactly one row")
    func idempotent() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let first = try await sandbox.createClient(fields: Registrations.australian, key: "retry-1")
            let retry = try await sandbox.createClient(fields: Registrations.australian, key: "retry-1")
            #expect(first.status == 201)
            #expect(retry.status == 200)
            #expect(
                (try retry.decoded(ClientCreated.self).clientId) == (try first.decoded(ClientCreated.self).clientId))
            let rows = try await DatabaseQueue(path: sandbox.databasePath).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM client")
            }
            #expect(rows == 1)
        }
    }

    @Test(
        "a key used again for other details, another password or another brand is 422 idempotency.mismatch, and nothing is stored"
    )
    func keyBoundToItsRequest() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let first = try await sandbox.createClient(fields: Registrations.australian, key: "bound-1")
            #expect(first.status == 201)
            let otherPerson = Registrations.australian([
                "firstName": "Grace", "email": "grace@example.com",
                "mobile": "0412 000 111", "username": "graceh",
            ])
            let reused = try await sandbox.createClient(fields: otherPerson, key: "bound-1")
            #expect(reused.status == 422 && reused.errorCode == "idempotency.mismatch")
            let otherPassword = try await sandbox.createClient(
                fields: Registrations.australian(["password": "Different-Pass-77"]), key: "bound-1")
            #expect(otherPassword.status == 422 && otherPassword.errorCode == "idempotency.mismatch")
            let otherBrand = try await sandbox.createClient(
                brand: "ladbrokes", fields: Registrations.australian, key: "bound-1")
            #expect(otherBrand.status == 422 && otherBrand.errorCode == "idempotency.mismatch")
            let same = try await sandbox.createClient(fields: Registrations.australian, key: "bound-1")
            #expect(same.status == 200)
            #expect(try same.decoded(ClientCreated.self) == first.decoded(ClientCreated.self))
            let rows = try await DatabaseQueue(path: sandbox.databasePath).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM client")
            }
            #expect(rows == 1)
        }
    }

    @Test("concurrent retries with one key still make one row")
    func concurrentRetries() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await sandbox.createClient(fields: Registrations.australian, key: "same-key").status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.sorted() == [200, 200, 200, 200, 200, 201])
            let rows = try await DatabaseQueue(path: sandbox.databasePath).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM client")
            }
            #expect(rows == 1)
        }
    }

    @Test("without an Idempotency-Key the request is 400 naming the header")
    func needsKey() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let answer = try await sandbox.post(
                "/v2/client", json: RegistrationRequest(brand: "neds", fields: Registrations.australian))
            #expect(answer.status == 400)
            #expect(answer.errorCode == "request.invalid")
            #expect(answer.errorMessage?.contains("Idempotency-Key") == true)
        }
    }

    @Test(
        "a person who already has an account is 409 account.exists, by email in any case or mobile however written; other brands are separate"
    )
    func existingAccount() async throws {
        try await SandboxHarness.inMemory { sandbox in
            #expect(try await sandbox.createClient(fields: Registrations.australian).status == 201)
            let sameEmail = try await sandbox.createClient(
                fields: Registrations.australian(
                    ["email": "ADA@Example.com", "mobile": "0499 111 222", "username": "ada_two"]))
            #expect(sameEmail.status == 409 && sameEmail.errorCode == "account.exists")
            #expect(sameEmail.fieldCodes.isEmpty, "the answer names no field and echoes nothing typed")
            let sameMobile = try await sandbox.createClient(
                fields: Registrations.australian(
                    ["email": "other@example.com", "mobile": "+61412345678", "username": "ada_three"]))
            #expect(sameMobile.errorCode == "account.exists")
            #expect(try await sandbox.createClient(brand: "ladbrokes", fields: Registrations.australian).status == 201)
        }
    }

    @Test("a taken username is 409 username.taken on the username field")
    func takenUsername() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let answer = try await sandbox.createClient(fields: Registrations.australian(["username": "Taken_Name"]))
            #expect(answer.status == 409)
            #expect(answer.errorCode == "username.taken")
            #expect(answer.fieldCodes == ["username": ["username.taken"]])
        }
    }

    @Test("a person on the self-exclusion register is 403 for an Australian brand and welcome in New Zealand")
    func selfExcluded() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let sam = ["firstName": "sam", "lastName": "EXCLUDED", "dateOfBirth": "01/01/1990"]
            let australian = try await sandbox.createClient(brand: "ladbrokes", fields: Registrations.australian(sam))
            #expect(australian.status == 403)
            #expect(australian.errorCode == "self.excluded")
            var newZealand = Registrations.newZealand
            newZealand.merge(sam) { _, new in new }
            #expect(try await sandbox.createClient(brand: "tabnz", fields: newZealand).status == 201)
            let rows = try await DatabaseQueue(path: sandbox.databasePath).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM client")
            }
            #expect(rows == 1)
        }
    }

    @Test("the password is stored only as a salted scrypt hash, never in clear")
    func passwordHashed() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let password = "Zebra-Crossing-42!"
            #expect(
                try await sandbox.createClient(fields: Registrations.australian(["password": password])).status == 201)
            let row = try #require(
                try DatabaseQueue(path: sandbox.databasePath).read { db in
                    try Row.fetchOne(db, sql: "SELECT fields, password_hash FROM client")
                })
            let hash: String = row["password_hash"]
            #expect(hash.hasPrefix("scrypt$"))
            #expect(PasswordHasher().verify(password, against: hash))
            #expect(!PasswordHasher().verify("Zebra-Crossing-43!", against: hash))
            #expect(!(row["fields"] as String).contains("password"))
            await sandbox.server?.stop()
            for suffix in ["", "-wal", "-shm"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath + suffix))) ?? Data()
                #expect(
                    bytes.range(of: Data(password.utf8)) == nil,
                    "password found in \(suffix.isEmpty ? "the database" : suffix)")
            }
        }
    }

    @Test("two hashes of one password differ (a fresh salt each)")
    func salted() throws {
        let hasher = PasswordHasher(cost: .testing)
        let first = try hasher.hash("Analytical1!")
        let second = try hasher.hash("Analytical1!")
        #expect(first != second)
        #expect(hasher.verify("Analytical1!", against: first) && hasher.verify("Analytical1!", against: second))
    }
}
