import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryScenarios
import LiveryTesting
import LiveryWire
import MarketPacks
import Testing

@testable import LiverySandbox

/// A brand in Great Britain, a market that is only data: its scenarios,
/// written for the market, pass against the sandbox, which serves the
/// market's own addresses and checks its rules again.
@Suite("A brand in a new market against the sandbox", .timeLimit(.minutes(5)))
struct NewMarketTests {
    /// Neds moved to Great Britain under another id.
    static func britishBrand() throws -> BrandDefinition {
        let neds = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
        return try neds.moved(to: .greatBritain, id: "britbet", name: "Britbet")
    }

    @Test(
        "the scenarios written for Great Britain pass embedded and against the sandbox; GB addresses found and retrieved"
    )
    @MainActor
    func britishBrandBothWays() async throws {
        let brand = try Self.britishBrand()
        #expect(brand.manifest.market == .greatBritain && brand.manifest.currencyCode == "GBP")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-gb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = try MarketScenarios.files(for: brand)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("britbet"), withIntermediateDirectories: true)
        for (name, text) in scenarios {
            try text.write(to: folder.appendingPathComponent("britbet/\(name)"), atomically: true, encoding: .utf8)
        }
        let composition = try Composition([brand])
        #expect(
            await ScenarioCommand(
                composition: composition, brand: "britbet", json: true, scenariosDirectory: folder.path
            )
            .run() == 0, "embedded")
        let sandbox = try await SandboxHarness.start(extraBrands: [brand])
        do {
            let find = try await sandbox.post(
                "/address/find", json: ["payload": [["country": "GB", "fullAddress": "12 high street"]]])
            #expect(
                find.status == 200 && (try? find.decoded(AddressAnswer<FoundAddress>.self))?.payload?.isEmpty == false)
            #expect(
                await ScenarioCommand(
                    composition: composition, brand: "britbet", json: true, scenariosDirectory: folder.path,
                    backend: ScenarioBackend(baseURL: sandbox.baseURL)
                ).run() == 0, "against the sandbox")
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    /// A Britbet sign-up choosing the address `line` found by `search`, expecting the stored parts `stored`.
    static func signUp(
        _ name: String, search: String, line: String, stored: String, brand: String = "britbet",
        mobile: String = "07700 900123"
    ) -> String {
        """
        scenario: An address as its market writes it, chosen and stored part by part (\(name))
        brand: \(brand)
        steps:
          - choose: { title: Mx }
          - fill:
              firstName: Robin
              lastName: Lane
              dateOfBirth: "01021990"
              email: robin.\(name)@example.com
              mobile: "\(mobile)"
          - tap: continue
          - searchAddress: \(search)
          - submitAddress
          - selectAddress: "\(line)"
          - expect: { field: { address: { status: valid } } }
          - fill: { username: robin_\(name), password: Correct-Horse-9 }
          - depositLimit: declined
          - tap: signUp
          - expect:
              route: signedUp
              storedClient: \(stored)

        """
    }

    @Test(
        "a British flat written unit first with a long unit, and a house with a name and no number, sign up embedded and against the sandbox"
    )
    @MainActor
    func flatsAndHouseNames() async throws {
        let brand = try Self.britishBrand()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-gb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("britbet"), withIntermediateDirectories: true)
        let files = [
            (
                "01-flat.yaml",
                Self.signUp(
                    "flat", search: "Flat 12A Mill Lane",
                    line: "Flat 12A, 14 Mill Lane, Ambridge, Borsetshire, BS12 3AB",
                    stored:
                        #"{ count: 1, address.unit: "Flat 12A", address.streetNumber: "14", address.street: Mill Lane }"#
                )
            ),
            (
                "02-house-name.yaml",
                Self.signUp(
                    "cottage", search: "Rose Cottage", line: "Rose Cottage, Lower Slaughter, Gloucestershire, GL54 2HR",
                    stored:
                        #"{ count: 1, address.unit: absent, address.streetNumber: absent, address.street: Rose Cottage, address.town: Lower Slaughter }"#
                )
            ),
        ]
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent("britbet/\(name)"), atomically: true, encoding: .utf8)
        }
        let composition = try Composition([brand])
        #expect(
            await ScenarioCommand(
                composition: composition, brand: "britbet", scenariosDirectory: folder.path
            ).run() == 0, "embedded")
        let sandbox = try await SandboxHarness.start(extraBrands: [brand])
        let served = await ScenarioCommand(
            composition: composition, brand: "britbet", scenariosDirectory: folder.path,
            backend: ScenarioBackend(baseURL: sandbox.baseURL)
        ).run()
        await sandbox.stop()
        #expect(served == 0, "against the sandbox")
    }

    @Test(
        "a made-up market from a temporary folder, written unit first with number-less addresses: a brand there signs up with each, embedded and against the sandbox, with no Swift"
    )
    @MainActor
    func madeUpMarketBothWays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-zy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("scenarios/yonderbet"), withIntermediateDirectories: true)
        let packs = try #require(ShippedMarketPacks.folder)
        let pack = try String(contentsOf: packs.appendingPathComponent("gb.json"), encoding: .utf8)
            .replacingOccurrences(of: #""code": "GB""#, with: #""code": "ZY""#)
            .replacingOccurrences(of: #""name": "Great Britain""#, with: #""name": "Yonder""#)
            .replacingOccurrences(of: "gb-addresses.tsv", with: "zy-addresses.tsv")
        try Data(pack.utf8).write(to: folder.appendingPathComponent("zy.json"))
        let rows = """
            # id\tmarket\tunit\tnumber\tstreet\ttown\tcounty\tpostcode
            ZY-1\tZY\tApartment 104\t2\tCanal Street\tYonderton\t\tYD1 5AQ
            ZY-2\tZY\t\t\tRose Cottage\tLower Yonder\tYondershire\tGL54 2HR

            """
        try Data(rows.utf8).write(to: folder.appendingPathComponent("zy-addresses.tsv"))
        let markets = try MarketCatalogue.shipped().adding(folder: folder)
        let yonder = try #require(markets.market(code: "ZY"))
        let neds = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
        let brand = try neds.moved(to: yonder, id: "yonderbet", name: "Yonderbet")
        for (name, text) in [
            (
                "01-flat.yaml",
                Self.signUp(
                    "flat", search: "Apartment 104 Canal Street",
                    line: "Apartment 104, 2 Canal Street, Yonderton, YD1 5AQ",
                    stored: #"{ count: 1, address.unit: "Apartment 104", address.streetNumber: "2" }"#,
                    brand: "yonderbet")
            ),
            (
                "02-house-name.yaml",
                Self.signUp(
                    "cottage", search: "Rose Cottage", line: "Rose Cottage, Lower Yonder, Yondershire, GL54 2HR",
                    stored: #"{ count: 1, address.streetNumber: absent, address.street: Rose Cottage }"#,
                    brand: "yonderbet")
            ),
        ] {
            try text.write(
                to: folder.appendingPathComponent("scenarios/yonderbet/\(name)"), atomically: true, encoding: .utf8)
        }
        let composition = try Composition([brand])
        let scenarios = folder.appendingPathComponent("scenarios").path
        #expect(
            await ScenarioCommand(composition: composition, brand: "yonderbet", scenariosDirectory: scenarios).run()
                == 0,
            "embedded")
        let sandbox = try await SandboxHarness.start(extraBrands: [brand])
        let served = await ScenarioCommand(
            composition: composition, brand: "yonderbet", scenariosDirectory: scenarios,
            backend: ScenarioBackend(baseURL: sandbox.baseURL)
        ).run()
        await sandbox.stop()
        #expect(served == 0, "against the sandbox")
    }
}
