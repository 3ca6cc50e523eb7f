import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryTesting
import LiveryWire
import OpenAPIGeneration
import Testing

@Suite("the wire contract")
struct ContractTests {
    /// The repository's copy of the document.
    static let keptPath = SourceTree.url("Tools/Servers/Contract/openapi.json")

    /// The document for the brands Package.swift lists and the shipped markets: what a sandbox of them serves.
    static func shippedDocument() throws -> OpenAPIDocument.Made {
        try OpenAPIDocument.make(
            for: ContractScope(
                composition: Composition(SandboxHarness.brands), markets: MarketCatalogue.shipped()))
    }

    @Test("the document the repository keeps is the one the wire types make, so a field added to either fails here")
    func keptDocumentIsMade() throws {
        let made = try Self.shippedDocument()
        let kept = try String(contentsOf: Self.keptPath, encoding: .utf8)
        #expect(
            kept == made.text,
            "Tools/Servers/Contract/openapi.json is stale: swift run livery-server contract --output Tools/Servers/Contract/openapi.json"
        )
        #expect(made.descriptionProblems.isEmpty, "\(made.descriptionProblems)")
        #expect(made.routes == WireRoute.all)
    }

    @Test("every schema names exactly the properties its wire type decodes, required unless optional")
    func schemasFollowTheTypes() throws {
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(Self.shippedDocument().text.utf8))
        let schemas = try #require(document["components"]?["schemas"]?.object)
        let details = try #require(schemas["AccountDetails"]?.object)
        #expect(
            Set((details["properties"]?.object ?? [:]).keys)
                == ["balance", "pendingBetsCount", "promotionsBalance", "socialProfile"])
        #expect(details["required"]?.strings == ["balance", "pendingBetsCount", "promotionsBalance"])
        let record = try #require(schemas["AddressRecord"]?.object)
        #expect(
            Set(record["required"]?.strings ?? []) == ["id", "street", "postcode"],
            "what the app's client cannot do without (a number-less address has no street number)")
        for brand in ["Betcha", "Ladbrokes", "Neds", "Tabnz"] {
            let registration = try #require(schemas["\(brand)Registration"]?.object, "\(brand)")
            #expect(Set((registration["properties"]?.object ?? [:]).keys) == ["brand", "fields"])
            let fields = try #require(registration["properties"]?["fields"]?.object)
            #expect(fields["additionalProperties"] == .bool(false), "a key the form has not is refused")
            let seed = try #require(schemas["\(brand)Seed"]?.object, "\(brand)")
            #expect(
                Set((seed["properties"]?.object ?? [:]).keys)
                    == ["brand", "today", "existingAccounts", "takenUsernames", "selfExcluded", "faults"])
        }
    }

    @Test("the sandbox serves the document at /openapi.json and every route it lists, and no other")
    func servedRoutesAreTheDocumented() async throws {
        try await SandboxHarness.run { sandbox in
            let served = try await sandbox.get("/openapi.json")
            #expect(served.status == 200)
            #expect(String(decoding: served.body, as: UTF8.self) == (try Self.shippedDocument().text))
            let world = try await sandbox.createWorld()
            for route in WireRoute.all {
                let path = "/" + route.path(["clientId": "client-1", "worldId": world])
                let answer = try await sandbox.send(
                    route.method, path, body: route.method == "POST" || route.method == "PUT" ? Data("{}".utf8) : nil,
                    headers: route.requiredHeaders.reduce(into: [:]) { $0[$1] = "contract-test" })
                #expect(answer.status != 405, "\(route)")
                #expect(answer.errorCode != "route.unknown", "\(route): \(answer.status)")
            }
            // A method the document does not list on a known path is 405, even naming a world that does not exist.
            let trace = try await sandbox.send(
                "TRACE", "/v2/client", headers: [WireHeader.world: "0000000000000000000000000000000f"])
            #expect(trace.status == 405)
            #expect(trace.errorCode == "method.notAllowed")
        }
    }

    @Test("what schemathesis found: the request's own faults are answered before its world is looked up")
    func requestFaultsBeforeTheWorld() async throws {
        try await SandboxHarness.run { sandbox in
            let unknownWorld = [WireHeader.world: "0000000000000000000000000000000f"]
            let withoutKey = try await sandbox.send(
                "POST", "/v2/client", body: Data(#"{"brand":"neds","fields":{}}"#.utf8), headers: unknownWorld)
            #expect(withoutKey.status == 400)
            #expect(withoutKey.errorMessage == "the Idempotency-Key header is missing")
            let blankKey = try await sandbox.send(
                "POST", "/v2/client", body: Data(#"{"brand":"neds","fields":{}}"#.utf8),
                headers: [WireHeader.idempotencyKey: "   "])
            #expect(blankKey.status == 400)
            let emptyWorld = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "fresh_one"],
                headers: [WireHeader.world: ""])
            #expect(emptyWorld.status == 400)
            #expect(emptyWorld.errorMessage == "the Livery-World header is empty")
        }
    }

    @Test("what the document bounds, the sandbox refuses: long query values, padded client ids, huge counts")
    func boundsAreHeld() async throws {
        try await SandboxHarness.run { sandbox in
            let long = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": String(repeating: "a", count: 201)])
            #expect(long.status == 400)
            #expect(long.errorCode == "request.invalid")
            let atLimit = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": String(repeating: "a", count: 200)])
            #expect(atLimit.status == 200)
            let created = try await sandbox.createClient(fields: Registrations.australian)
            let id = try created.decoded(ClientCreated.self).clientId
            #expect(try await sandbox.get("/v2/client/\(id)/details").status == 200)
            let padded = id.replacingOccurrences(of: "client-", with: "client-0")
            #expect(try await sandbox.get("/v2/client/\(padded)/details").status == 404)
            let huge = try await sandbox.put(
                "/v2/client/\(id)/betslip-count", json: BetslipCount(count: WireLimits.count + 1))
            #expect(huge.status == 400)
            #expect(
                try await sandbox.put("/v2/client/\(id)/betslip-count", json: BetslipCount(count: WireLimits.count))
                    .status == 200)
        }
    }
}

@Suite("error codes")
struct ErrorCodeTests {
    @Test("every code a server answers with is named in the document, with the status that carries it")
    func everyCodeIsDocumented() throws {
        let document = try JSONDecoder().decode(
            DocumentedCodes.self, from: Data(ContractTests.shippedDocument().text.utf8))
        let named = document.codes
        let missing = WireErrorCode.allCases.filter { !named.contains($0.rawValue) }
        #expect(missing.isEmpty, "codes the document never names: \(missing.map(\.rawValue))")
        #expect(!document.perStatus.isEmpty, "the document lists no x-error-codes at all")
        let unknown = document.perStatus.filter { WireErrorCode(rawValue: $0) == nil }
        #expect(unknown.isEmpty, "the document lists codes that are not WireErrorCode's: \(unknown)")
    }

    @Test("an answer with a code this version does not know still decodes, and names no WireErrorCode")
    func unknownCodesDecode() throws {
        let answer = try JSONDecoder().decode(
            ErrorAnswer.self, from: Data(#"{"error":{"code":"quota.exceeded","message":"later"}}"#.utf8))
        #expect(answer.error.code == "quota.exceeded" && answer.error.wireCode == nil)
        let known = try JSONDecoder().decode(
            ErrorAnswer.self, from: Data(#"{"error":{"code":"brand.unknown","message":"no"}}"#.utf8))
        #expect(known.error.wireCode == .brandUnknown)
    }
}

/// The error codes a document names: those each answer lists (`x-error-codes`) and those its description
/// names in backticks.
private struct DocumentedCodes: Decodable {
    let perStatus: [String]
    let codes: Set<String>

    private struct Info: Decodable { let description: String }
    private struct Answer: Decodable {
        let codes: [String]?
        enum CodingKeys: String, CodingKey { case codes = "x-error-codes" }
    }
    private struct Operation: Decodable { let responses: [String: Answer] }
    private enum CodingKeys: String, CodingKey { case info, paths }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let info = try container.decode(Info.self, forKey: .info)
        let paths = try container.decode([String: [String: FlexibleOperation]].self, forKey: .paths)
        perStatus = paths.values.flatMap(\.values).compactMap(\.operation).flatMap(\.responses.values).flatMap {
            $0.codes ?? []
        }
        let described = info.description.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        codes = Set(perStatus + described)
    }

    /// A path item's member: an operation, or another key (`parameters`) that is not one.
    private struct FlexibleOperation: Decodable {
        let operation: Operation?
        init(from decoder: any Decoder) throws { operation = try? Operation(from: decoder) }
    }
}
