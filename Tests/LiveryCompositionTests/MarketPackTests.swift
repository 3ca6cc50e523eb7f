import AddressLookupFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryTesting
import MarketPacks
import Testing

/// A market is data: a pack read from a folder of a team's own (not one Livery
/// ships), a brand on it, and a whole sign-up through the composition root,
/// with no Swift written for the market.
@Suite("A brand in a new market: a pack from a folder, no code", .timeLimit(.minutes(5)))
@MainActor
struct MarketPackTests {
    /// A made-up market: Zedland (code ZZ), numbers `09 1234 5678`, postcodes `ZD-123`,
    /// addresses with a district and a province from a fixed list.
    nonisolated static let pack = """
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

    nonisolated static let addresses = """
        # id\tmarket\tunit\tnumber\tstreet\ttown\tstate\tpostcode
        ZZ-1\tZZ\t\t7\tLong Road\tZed\tNorth\tZD-101
        ZZ-2\tZZ\t\t9\tLong Road\tZed\tNorth\tZD-101
        ZZ-3\tZZ\t\t12\tShort Lane\tZedville\tSouth\tZD-202

        """

    /// A brand on the new market: Neds' brand file with another id, name and market.
    static func brandFile() throws -> Data {
        let neds = try BrandFileTests.neds()
        var document = BrandFileTests.setting("id", to: .string("zedbet"), in: neds)
        document = BrandFileTests.setting("name", to: .string("ZedBet"), in: document)
        document = BrandFileTests.setting("market", to: .string("ZZ"), in: document)
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
            let zedland = try #require(markets.market(code: "zz"))
            #expect(zedland.name == "Zedland" && zedland.currency.text(12.5) == "Z$12.50")
            let brand = try BrandDefinition.read(json: try Self.brandFile(), file: "zedbet.json", markets: markets)
            #expect(brand.manifest.market == zedland && brand.manifest.currencyCode == "CHF")
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
            await Self.signUp(join, as: "zoe_zed")
            let unsettled = join.state.fields.filter { $0.status.kind != .valid }.map { "\($0.name): \($0.status)" }
            #expect(join.state.route?.name == .signedUp, "\(String(describing: join.state.alert)) \(unsettled)")
            let stored = try #require(world.ledger.clients.first)
            #expect(stored.fields["address.town"] == "Zed" && stored.fields["address.state"] == "North")
            #expect(stored.fields["address.postcode"] == "ZD-101" && stored.fields["address.suburb"] == nil)
        }
    }

    /// Fills the account page's own inputs (`username`, a strong password, no deposit limit) and signs up.
    static func signUp(_ join: JoinFormStore, as username: String) async {
        join.send(.focus(.field("username")))
        join.send(.change(.field("username"), username))
        join.send(.focus(.field("password")))
        join.send(.change(.field("password"), "Correct-Horse-9"))
        join.send(.unfocus)
        join.send(.chooseDepositLimit(.declined))
        await join.settle()
        join.send(.continue)
        await join.settle()
    }

    /// Another made-up market, Yland (code ZY): units written first and up to 20 characters, and rural
    /// addresses with a house name and no number.
    nonisolated static let unitFirstPack =
        pack
        .replacingOccurrences(of: #""code": "ZZ", "name": "Zedland""#, with: #""code": "ZY", "name": "Yland""#)
        .replacingOccurrences(
            of: #"{ "part": "streetNumber", "required": true }"#,
            with: #"{ "part": "unit", "maxLength": 20 }, { "part": "streetNumber" }"#
        )
        .replacingOccurrences(
            of: #""line": [["town"], ["state", "postcode"]],"#,
            with: #""line": [["town"], ["state", "postcode"]], "unitStyle": "first","#
        )
        .replacingOccurrences(of: "zz-addresses.tsv", with: "zy-addresses.tsv")
        .replacingOccurrences(of: "zz-sample", with: "zy-sample")

    nonisolated static let unitFirstAddresses = """
        # id\tmarket\tunit\tnumber\tstreet\ttown\tstate\tpostcode
        ZY-1\tZY\tApartment 104\t12\tHigh Street\tYton\tNorth\tZD-101
        ZY-2\tZY\t\t\tRose Cottage\tLower Slaughter\tSouth\tZD-202

        """

    @Test(
        "a market written unit first with number-less addresses, from a folder: shown as it writes them, signed up, stored part by part with no empty part"
    )
    func unitFirstAndNumberless() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-market-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.unitFirstPack.utf8).write(to: folder.appendingPathComponent("zy.json"))
        try Data(Self.unitFirstAddresses.utf8).write(to: folder.appendingPathComponent("zy-addresses.tsv"))
        let markets = try MarketCatalogue.shipped().adding(folder: folder)
        let yland = try #require(markets.market(code: "ZY"))
        #expect(yland.address.unitStyle == .first && yland.address.maximumLength(of: .unit) == 20)
        var brandFile = try JSONDecoder().decode(JSONValue.self, from: try Self.brandFile())
        brandFile = BrandFileTests.setting("market", to: .string("ZY"), in: brandFile)
        let brand = try BrandDefinition.read(
            json: Data(brandFile.formatted().utf8), file: "zedbet.json", markets: markets)
        for (search, line, unit, number) in [
            ("High Street", "Apartment 104, 12 High Street, Yton, North ZD-101", "Apartment 104", "12"),
            ("Rose Cottage", "Rose Cottage, Lower Slaughter, South ZD-202", nil, nil),
        ] {
            let world = EmbeddedWorld(today: CalendarDay(year: 2026, month: 6, day: 1)!)
            let join = try await Composition([brand]).assemble("zedbet", on: .embedded(world)).runtime.joinForm()
            join.send(.change(.field("title"), "Mx"))
            for (field, text) in [
                ("firstName", "Yan"), ("lastName", "Yland"), ("dateOfBirth", "01022000"), ("email", "yan@example.com"),
                ("mobile", "0912345678"),
            ] {
                join.send(.focus(.field(FieldName(field))))
                join.send(.change(.field(FieldName(field)), text))
            }
            join.send(.unfocus)
            join.send(.continue)
            await join.settle()
            join.send(.focus(.field("address")))
            join.send(.change(.field("address"), search))
            join.send(.address(.submit))
            await join.settle()
            let offered = try #require(
                join.state.address?.suggestions.first { $0.text == line },
                "\(join.state.address?.suggestions.map(\.text) ?? [])")
            join.send(.address(.select(id: offered.id)))
            await join.settle()
            #expect(join.state.field("address")?.status == .valid, "offered and shown valid")
            await Self.signUp(join, as: "yan_\(search.prefix(4).lowercased())")
            #expect(join.state.route?.name == .signedUp, "\(String(describing: join.state.alert))")
            let stored = try #require(world.ledger.clients.first)
            #expect(stored.fields["address.unit"] == unit && stored.fields["address.streetNumber"] == number)
            #expect(!stored.fields.values.contains(""), "an empty part is absent: \(stored.fields)")
        }
    }

    @Test("the new market's own rules: its minimum age, its mobile plan, its postcodes as typed")
    func marketRules() async throws {
        try await Self.withPackFolder { folder in
            let markets = try MarketCatalogue.shipped().adding(folder: folder)
            let zedland = try #require(markets.market(code: "ZZ"))
            #expect(MobileNumberRule(market: zedland).check("+999 9 1234 5678", in: .standalone) == nil)
            #expect(MobileNumberRule(market: zedland).check("0412 345 678", in: .standalone)?.code == .mobileFormat)
            #expect(zedland.postcode.typed("zd-101") == "ZD-101")
            #expect(
                PostcodeRule(market: zedland).check("ZD-10", in: .standalone)?.message
                    == "Enter a postcode like ZD-123.")
            let brand = try BrandDefinition.read(json: try Self.brandFile(), file: "zedbet.json", markets: markets)
            let world = EmbeddedWorld(today: CalendarDay(year: 2026, month: 6, day: 1)!)
            let join = try await Composition([brand]).assemble("zedbet", on: .embedded(world)).runtime.joinForm()
            join.send(.focus(.field("dateOfBirth")))
            join.send(.change(.field("dateOfBirth"), "01062006"))
            join.send(.focus(.field("email")))
            #expect(
                join.state.field("dateOfBirth")?.status.kind == .invalid,
                "twenty is under the pack's minimum age of 21 (the shipped form's rule names 18; the pack's minimum wins)"
            )
        }
    }
}

/// Bad packs: one error at its place (file, line, key path), nothing read.
@Suite("Market packs refuse bad input at its place")
struct MarketPackErrorTests {
    /// The test pack with the value at `path` replaced by `value` (removed when `nil`).
    static func pack(setting path: String, to value: JSONValue?) throws -> Data {
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(MarketPackTests.pack.utf8))
        return Data(BrandFileTests.setting(path, to: value, in: document).formatted().utf8)
    }

    static func read(_ data: Data) throws(DeclarationError) -> Market {
        let folder = BrandFileFolder.files(["zz-addresses.tsv": Data(MarketPackTests.addresses.utf8)])
        return try MarketPack.read(
            json: data, file: "zz.json", folder: folder, known: (try MarketCatalogue.shipped()).markets)
    }

    @Test(
        "each mistake is one error naming the file, the line, the key path and what is wrong",
        arguments: [
            ("colour", JSONValue.string("red"), "at colour: unknown key 'colour'"),
            ("postcode.pattern", .string("ZD-[0-9"), "at postcode.pattern: 'ZD-[0-9' does not compile"),
            ("postcode.example", .string("ZD-1"), "at postcode.example: 'ZD-1' does not match the pattern"),
            (
                "mobile.example", .string("0412 345 678"),
                "at mobile.example: '0412 345 678' is not a number of this plan"
            ),
            ("currency.code", .string("ZZZ"), "at currency.code: 'ZZZ' is not an ISO 4217 currency code"),
            ("currency.code", .string("Z$"), "at currency.code: 'Z$' is not an ISO 4217 currency code"),
            (
                "address.line", .array([.array([.string("town")]), .array([.string("county")])]),
                "at address.line[1][0]: 'county' is not one of the market's parts"
            ),
            (
                "address.samples",
                .array([.object([("streetNumber", .string("7")), ("street", .string("X")), ("suburb", .string("Y"))])]),
                "at address.samples[0]: 'suburb' is not one of the market's parts"
            ),
            ("timeZone", .string("Europe/Zurch"), "at timeZone: 'Europe/Zurch' is not an IANA time zone"),
            ("minimumAge", .number(12), "at minimumAge: 12.0 is outside 16…25"),
            ("dateOrder", .string("MDY"), "at dateOrder: 'MDY' is not an order the join form reads"),
            ("joinForm.like", .string("XX"), "at joinForm.like: no market 'XX' is read before this one"),
            ("code", .string("Zed"), "at code: 'Zed' is not an ISO 3166 code"),
            (
                "address.addresses", .string("../secrets.tsv"),
                "at address.addresses: '../secrets.tsv' is not a file name"
            ),
            ("mobile.maximumDigits", .number(14), "at mobile.maximumDigits: 14.0 is outside 4…13"),
        ] as [(String, JSONValue?, String)])
    func mistakes(_ path: String, _ value: JSONValue?, _ message: String) throws {
        let data = try Self.pack(setting: path, to: value)
        #expect { try Self.read(data) } throws: { error in
            guard let error = error as? DeclarationError else { return false }
            return error.file == "zz.json" && error.line != nil && "\(error)".contains(message)
        }
    }

    @Test(
        "a list item in error is named by its place in the list",
        arguments: [
            (
                #""options": ["North", "South"]"#, #""options": []"#,
                "at address.parts[3].options: has 0 items; 1–100 are allowed"
            ),
            (
                #"{ "part": "town", "required": true }"#, #"{ "part": "villlage", "required": true }"#,
                "at address.parts[2].part: unknown part 'villlage'"
            ),
            (
                #"{ "part": "town", "required": true }"#,
                #"{ "part": "town", "required": true, "wireKeys": ["parish"] }"#,
                "at address.parts[2].wireKeys[0]: 'parish' is not a key of an address answer"
            ),
            (#"{ "part": "streetNumber", "required": true }, "#, "", "at address.parts: has no 'streetNumber'"),
        ])
    func listItems(_ written: String, _ replacement: String, _ message: String) throws {
        let text = MarketPackTests.pack.replacingOccurrences(of: written, with: replacement)
        #expect(text != MarketPackTests.pack)
        #expect { try Self.read(Data(text.utf8)) } throws: { error in
            (error as? DeclarationError)?.line != nil && "\(error)".contains(message)
        }
    }

    @Test("the line an error names is the line of the bad key in the file as written")
    func lineOfTheKey() throws {
        let text = MarketPackTests.pack.replacingOccurrences(of: #""ZD-[0-9]{3}""#, with: #""ZD-[0-9""#)
        let expected =
            try #require(
                text.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains(#""pattern""#) }) + 1
        #expect { try Self.read(Data(text.utf8)) } throws: { error in
            (error as? DeclarationError)?.line == expected
                && "\(error)".hasPrefix("zz.json: line \(expected): at postcode.pattern")
        }
    }

    @Test("an address file that does not parse is named with its line; a key given twice is refused")
    func addressFileAndDuplicates() throws {
        let folder = BrandFileFolder.files([
            "zz-addresses.tsv": Data("ZZ-1\tZZ\t\t7\tLong Road\tZed\tEast\tZD-101\n".utf8)
        ])
        #expect {
            try MarketPack.read(
                json: Data(MarketPackTests.pack.utf8), file: "zz.json", folder: folder,
                known: (try MarketCatalogue.shipped()).markets)
        } throws: { error in
            "\(error)".contains("at address.addresses: zz-addresses.tsv: line 1: unknown state 'East'")
        }
        let twice = MarketPackTests.pack.replacingOccurrences(
            of: #""name": "Zedland","#, with: #""name": "Zedland", "name": "Z","#)
        #expect { try Self.read(Data(twice.utf8)) } throws: { error in
            "\(error)".contains("'name' is given twice")
        }
        #expect { try Self.read(Data("[]".utf8)) } throws: { error in "\(error)".contains("expected an object") }
        #expect { try Self.read(Data("{".utf8)) } throws: { error in "\(error)".contains("not valid JSON") }
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect { try Self.read(Data(deep.utf8)) } throws: { error in "\(error)".contains("nest 40 deep") }
        let huge = Data(count: MarketPack.maximumFileSize + 1)
        #expect { try Self.read(huge) } throws: { error in "\(error)".contains("is at most") }
    }

    @Test("the shipped packs read, each market's examples pass its own rules, and every sample address is on its line")
    func shippedPacks() throws {
        let markets = try MarketCatalogue.shipped()
        #expect(markets.codes == ["AU", "GB", "NZ"])
        for market in markets.markets.values {
            #expect(market.mobile.isMobileNumber(market.mobile.example), "\(market)")
            #expect(market.postcode.matches(market.postcode.example), "\(market)")
            #expect(try FormDefinition.standard(for: market).field("dateOfBirth") != nil, "\(market)")
            for sample in market.address.samples {
                #expect(market.postcode.matches(sample.postcode) && sample.marketCode == market.code)
            }
        }
        let britain = try #require(markets.market(code: "gb"))
        #expect(britain.addresses.count >= 300 && britain.selfExclusionRegister == "GAMSTOP")
        #expect(britain.addresses.allSatisfy { britain.postcode.matches($0.postcode) && $0[.town] != nil })
        #expect(britain.currency.text(12.5) == "£12.50" && britain.currency.text(-3) == "-£3.00")
        #expect(try #require(markets.market(code: "NZ")).selfExclusionRegister == nil)
    }
}

@Suite("Market packs fuzzed: grown, nested, cut and garbled, every one is a market or an error naming the file")
struct MarketPackFuzzTests {
    @Test("1,500 mutated packs (500 of each shipped one), read without a crash", arguments: ["AU", "NZ", "GB"])
    func mutations(_ code: String) throws {
        let markets = try MarketCatalogue.shipped()
        let folder = try #require(ShippedMarketPacks.folder)
        let shipped = try Data(contentsOf: folder.appendingPathComponent("\(code.lowercased()).json"))
        let original = try JSONDecoder().decode(JSONValue.self, from: shipped)
        var random = SeededGenerator(seed: UInt64(code.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        var refused = 0
        for _ in 0..<500 {
            var document = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                document = JSONMutation.mutate(document, &random)
            }
            var text = document.formatted()
            if Int.random(in: 0..<8, using: &random) == 0 {
                text = String(text.prefix(Int.random(in: 0...text.count, using: &random)))
            }
            do {
                let market = try MarketPack.read(
                    json: Data(text.utf8), file: "fuzz.json", folder: .directory(folder), known: markets.markets)
                #expect(market.mobile.isMobileNumber(market.mobile.example))
                #expect(market.postcode.matches(market.postcode.example))
            } catch {
                #expect(error.file == "fuzz.json" && !error.message.isEmpty && error.message.count < 2_000)
                refused += 1
            }
        }
        #expect(refused > 350, "most mutations make the pack wrong: \(refused) of 500 were refused")
    }

    @Test("nesting 100,000 deep, a pack at the size limit and a 200,000-character name are refused, not crashed on")
    func extremes() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let wide = "{\"code\": \"" + String(repeating: "a", count: MarketPack.maximumFileSize) + "\"}"
        let long = "{\"code\": \"ZZ\", \"name\": \"" + String(repeating: "N", count: 200_000) + "\"}"
        for text in [deep, wide, long, "", "{", "null", "\u{FEFF}{}"] {
            #expect(throws: DeclarationError.self) { try MarketPack.read(json: Data(text.utf8), file: "x") }
        }
    }
}
