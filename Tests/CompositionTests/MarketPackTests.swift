import AddressLookupFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import Testing

/// A market is data: a pack read from a folder of a team's own (not one Livery
/// ships), a brand on it, and a whole sign-up through the composition root,
/// with no Swift written for the market.
@Suite("A brand in a new market: a pack from a folder, no code", .timeLimit(.minutes(1)))
@MainActor
struct MarketPackTests {
    /// A made-up market: Zedland (code ZZ), numbers `09 1234 5678`, postcodes `ZD-123`,
    /// addresses with a district and a province from a fixed list.
    static let pack = """
        {
          "code": "ZZ", "name": "Zedland", "locale": "en-ZZ",
          "currency": { "code": "CHF", "symbol": "Z$" },
          "mobile": {
            "callingCode": "999", "prefixes": ["9"], "minimumDigits": 9, "maximumDigits": 9,
            "nationalGroups": [2, 4, 4], "internationalGroups": [1, 4, 4], "example": "09 1234 5678"
          },
          "postcode": { "pattern": "ZD-[0-9]{3}", "example": "ZD-123", "message": "Enter a postcode like {example}.", "upperCase": true },
          "address": {
            "parts": [
              { "part": "streetNumber", "required": true }, { "part": "street", "required": true },
              { "part": "town", "required": true },
              { "part": "state", "required": true, "options": ["North", "South"] },
              { "part": "postcode", "required": true }
            ],
            "line": [["town"], ["state", "postcode"]],
            "sampleSearch": "7 Long Road",
            "samples": [{ "id": "zz-sample", "streetNumber": "7", "street": "Long Road", "town": "Zed", "state": "North", "postcode": "ZD-101" }],
            "addresses": "zz-addresses.tsv"
          },
          "dateOrder": "DMY", "minimumAge": 21, "timeZone": "Europe/Zurich",
          "joinForm": { "like": "AU", "removeFields": ["marketingConsent"] }
        }
        """

    static let addresses = """
        # id\tregion\tunit\tnumber\tstreet\ttown\tstate\tpostcode
        ZZ-1\tZZ\t\t7\tLong Road\tZed\tNorth\tZD-101
        ZZ-2\tZZ\t\t9\tLong Road\tZed\tNorth\tZD-101
        ZZ-3\tZZ\t\t12\tShort Lane\tZedville\tSouth\tZD-202

        """

    /// A brand on the new market: Neds' brand file with another id, name and region.
    static func brandFile() throws -> Data {
        let neds = try BrandFileTests.neds()
        var document = BrandFileTests.setting("id", to: .string("zedbet"), in: neds)
        document = BrandFileTests.setting("name", to: .string("ZedBet"), in: document)
        document = BrandFileTests.setting("region", to: .string("ZZ"), in: document)
        document = BrandFileTests.setting("theme.logo", to: nil, in: document)
        return Data(document.formatted().utf8)
    }

    /// A temporary folder holding the pack and its addresses; removed by `body`'s end.
    static func withPackFolder<Result>(
        pack: String = pack, _ body: (URL) async throws -> Result
    ) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-market-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(pack.utf8).write(to: folder.appendingPathComponent("zz.json"))
        try Data(addresses.utf8).write(to: folder.appendingPathComponent("zz-addresses.tsv"))
        return try await body(folder)
    }

    @Test("a pack from a temporary folder, a brand on it, and a sign-up through the composition root")
    func signUpInANewMarket() async throws {
        try await Self.withPackFolder { folder in
            let markets = try MarketCatalogue.shipped().adding(folder: folder)
            let zedland = try #require(markets.region(code: "zz"))
            #expect(zedland.name == "Zedland" && zedland.currency.text(12.5) == "Z$12.50")
            let brand = try BrandDefinition.read(json: try Self.brandFile(), file: "zedbet.json", markets: markets)
            #expect(brand.manifest.region == zedland && brand.manifest.currencyCode == "CHF")
            let world = EmbeddedWorld(today: CalendarDay(year: 2026, month: 6, day: 1)!)
            let assembled = try await Composition([brand]).assemble("zedbet", on: .embedded(world))
            #expect(assembled.definition.field("marketingConsent") == nil, "the pack's form: AU's amended")
            let join = try assembled.runtime.joinForm()

            join.send(.change(.field("title"), "Mx"))
            for (field, text) in [
                ("firstName", "Zoe"), ("lastName", "Zed"), ("dateOfBirth", "01022000"), ("email", "zoe@example.com"),
                ("mobile", "0912345678"),
            ] {
                join.send(.focus(.field(FieldName(field))))
                join.send(.change(.field(FieldName(field)), text))
            }
            join.send(.focus(.field("email")))
            #expect(join.state.field("mobile")?.displayValue == "09 1234 5678", "grouped as the pack says")
            #expect(join.state.field("mobile")?.status == .valid)
            join.send(.continue)
            await join.settle()
            #expect(join.state.page.name == "account")

            join.send(.focus(.field("address")))
            join.send(.change(.field("address"), "9 Long"))
            join.send(.address(.submit))
            await join.settle()
            let first = try #require(join.state.address?.suggestions.first)
            #expect(first.text == "9 Long Road, Zed, North ZD-101", "the pack's addresses, written on the pack's line")
            join.send(.address(.select(id: first.id)))
            await join.settle()
            join.send(.focus(.field("username")))
            join.send(.change(.field("username"), "zoe_zed"))
            join.send(.focus(.field("password")))
            join.send(.change(.field("password"), "Correct-Horse-9"))
            join.send(.unfocus)
            join.send(.chooseDepositLimit(.declined))
            await join.settle()
            join.send(.continue)
            await join.settle()
            let unsettled = join.state.fields.filter { $0.status.kind != .valid }.map { "\($0.name): \($0.status)" }
            #expect(join.state.route?.name == "signedUp", "\(String(describing: join.state.alert)) \(unsettled)")
            let stored = try #require(await world.ledger.clients.first)
            #expect(stored.fields["address.town"] == "Zed" && stored.fields["address.state"] == "North")
            #expect(stored.fields["address.postcode"] == "ZD-101" && stored.fields["address.suburb"] == nil)
        }
    }

    @Test("the new market's own rules: its minimum age, its mobile plan, its postcodes as typed")
    func marketRules() async throws {
        try await Self.withPackFolder { folder in
            let markets = try MarketCatalogue.shipped().adding(folder: folder)
            let zedland = try #require(markets.region(code: "ZZ"))
            #expect(MobileNumberRule(region: zedland).check("+999 9 1234 5678", in: .standalone) == nil)
            #expect(MobileNumberRule(region: zedland).check("0412 345 678", in: .standalone)?.code == .mobileFormat)
            #expect(zedland.postcode.typed("zd-101") == "ZD-101")
            #expect(PostcodeRule(region: zedland).check("ZD-10", in: .standalone)?.message == "Enter a postcode like ZD-123.")
            let brand = try BrandDefinition.read(json: try Self.brandFile(), file: "zedbet.json", markets: markets)
            let world = EmbeddedWorld(today: CalendarDay(year: 2026, month: 6, day: 1)!)
            let join = try await Composition([brand]).assemble("zedbet", on: .embedded(world)).runtime.joinForm()
            join.send(.focus(.field("dateOfBirth")))
            join.send(.change(.field("dateOfBirth"), "01062006"))
            join.send(.focus(.field("email")))
            #expect(
                join.state.field("dateOfBirth")?.status.kind == .invalid,
                "twenty is under the pack's minimum age of 21 (the shipped form's rule names 18; the pack's minimum wins)")
        }
    }
}
