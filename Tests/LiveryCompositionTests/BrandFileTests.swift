import AppBarFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryTesting
import Testing

@Suite("A brand is its brand.json: read, checked key by key, written back the same")
struct BrandFileTests {
    /// Neds' file as a JSON value, to change one thing at a time.
    static func neds() throws -> JSONValue {
        try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" }).fileDocument()
    }

    /// `document` with the value at `path` (dot-separated keys) replaced, or removed when `value` is nil.
    static func setting(_ path: String, to value: JSONValue?, in document: JSONValue) -> JSONValue {
        var keys = path.split(separator: ".").map(String.init)
        guard case .object(var members) = document, !keys.isEmpty else { return value ?? .null }
        let key = keys.removeFirst()
        let index = members.firstIndex { $0.key == key }
        if keys.isEmpty {
            if let index { members.remove(at: index) }
            if let value { members.append((key, value)) }
        } else if let index {
            members[index].value = setting(keys.joined(separator: "."), to: value, in: members[index].value)
        }
        return .object(members)
    }

    /// The folder of the shipped brand `name` (`Brands/<Name>/Plugin`), holding its brand file and logo.
    static func pluginFolder(_ name: String) -> URL {
        SourceTree.url("Brands/\(name)/Plugin")
    }

    static func read(_ document: JSONValue) throws(DeclarationError) -> BrandDefinition {
        try BrandDefinition.read(
            json: Data(document.formatted().utf8), file: "Neds/brand.json", folder: .directory(pluginFolder("Neds")))
    }

    @Test(
        "every shipped brand.json is written as the brand writes itself, and reads back equal",
        arguments: packageBrandIDs)
    func roundTrip(_ id: String) throws {
        let name = SourceTree.url("Brands").path
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: name).first { $0.lowercased() == id })
        let text = try String(contentsOfFile: "\(name)/\(folder)/Plugin/brand.json", encoding: .utf8)
        let brand = try BrandDefinition.read(
            json: Data(text.utf8), file: "brand.json", folder: .directory(Self.pluginFolder(folder)))
        #expect(brand.fileDocument().formatted() == text)
        #expect(brand.theme.logo != nil, "every shipped brand has its logo")
        #expect(
            try BrandDefinition.read(
                json: Data(brand.fileDocument().formatted().utf8), file: "brand.json",
                folder: .files(brand.companionFiles)) == brand)
    }

    @Test("a brand's declared values reach the runtime: app bar, flags, messages, currency and locale from the market")
    func valuesReachTheRuntime() throws {
        let betcha = try #require(try packageBrands().first { $0.manifest.id.rawValue == "betcha" })
        #expect(betcha.featureSettings[AppBarSettings.Key.self].promotions == .toolbox(showsBadge: false))
        #expect(betcha.featureFlagDefaults[.loginNative] == false)
        #expect(
            betcha.messages.template(for: "username.taken", locale: "en-AU")
                == "Someone's already got that username. Try another?")
        #expect(betcha.manifest.currencyCode == "AUD" && betcha.manifest.locale == "en-AU")
        #expect(
            betcha.featureSettings[JoinFormSettings.Key.self].definition == nil,
            "the standard form is not copied into the brand")
    }

    @Test("a form amended in the file: a field added after another on its own row, a field removed")
    func amendedForm() throws {
        let promo: JSONValue = .object([
            ("after", .string("mobile")),
            (
                "field",
                .object([
                    ("name", .string("promoCode")), ("inputType", .string("Text")),
                    ("validate", .object([("maxLength", .number(12))])),
                ])
            ),
        ])
        var document = Self.setting("joinForm", to: .object([("addFields", .array([promo]))]), in: try Self.neds())
        let brand = try Self.read(document)
        let form = try #require(brand.featureSettings[JoinFormSettings.Key.self].definition)
        let mobileRow = try #require(form.pages.flatMap(\.rows).firstIndex { $0.contains("mobile") })
        #expect(form.pages.flatMap(\.rows)[mobileRow + 1] == ["promoCode"])
        #expect(form.field("promoCode")?.validate.maxLength == 12)
        document = Self.setting(
            "joinForm", to: .object([("removeFields", .array([.string("depositLimit")]))]), in: document)
        #expect(try Self.read(document).formDefinition?.field("depositLimit") == nil)
    }

    @Test(
        "each mistake is an error naming the file, the key path and what is wrong, with a suggestion where one fits",
        arguments: [
            ("theme.colours.primary", JSONValue.string("#ff78"), "at theme.colours.primary: '#ff78' is not a colour"),
            (
                "theme.colours.primray", JSONValue.string("#ff7800"),
                "at theme.colours.primray: unknown key 'primray' (did you mean 'primary'?)"
            ),
            ("theme.colours.link", nil, "at theme.colours: missing key 'link'"),
            ("market", JSONValue.string("UK"), "at market: 'UK' is not a market with a pack; known: AU, GB, NZ"),
            ("id", JSONValue.string("Neds Two"), "at id: 'Neds Two' is not a brand id"),
            ("name", JSONValue.string("  "), "at name: is blank"),
            (
                "currency", JSONValue.string("dollars"),
                "at currency: 'dollars' is not an ISO 4217 currency code such as AUD or GBP"
            ),
            ("locale", JSONValue.string("english"), "at locale: 'english' is not a locale"),
            (
                "appBar.promotions", JSONValue.string("lockr"),
                "at appBar.promotions: unknown entry 'lockr' (did you mean 'locker'?)"
            ),
            ("appBar.badge", nil, "at appBar: missing key 'badge' (true or false) for the toolbox"),
            ("appBar.potIcon", JSONValue.string("yes"), "at appBar.potIcon: expected true or false, found text"),
            (
                "flags.login-natve", JSONValue.bool(true),
                "at flags.login-natve: unknown key 'login-natve' (did you mean 'login-native'?)"
            ),
            ("messages", JSONValue.array([]), "at messages: expected an object of rule code to message, found a list"),
            (
                "theme.spacing",
                JSONValue.object([
                    ("xxs", .number(8)), ("xs", .number(4)), ("s", .number(8)), ("m", .number(16)),
                    ("l", .number(24)), ("xl", .number(32)),
                ]), "at theme.spacing: spacing xs is smaller than xxs"
            ),
            ("joinForm", JSONValue.object([("removeFields", .array([.string("mobil")]))]), "(did you mean 'mobile'?)"),
            (
                "joinForm",
                JSONValue.object([
                    (
                        "addFields",
                        .array([
                            .object([
                                ("after", .string("mobile")),
                                ("field", .object([("name", .string("x")), ("inputType", .string("Txt"))])),
                            ])
                        ])
                    )
                ]),
                "at joinForm.addFields[0].field: field 'x': unknown inputType 'Txt' (did you mean 'Text'?)"
            ),
            ("colour", JSONValue.string("#ffffff"), "unknown key 'colour'"),
        ] as [(String, JSONValue?, String)])
    func mistakes(_ path: String, _ value: JSONValue?, _ message: String) throws {
        let document = Self.setting(path, to: value, in: try Self.neds())
        #expect { try Self.read(document) } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Neds/brand.json: ") && text.contains(message)
        }
    }

    @Test(
        "a key given twice is refused at its object's key path, wherever it is and however it is escaped",
        arguments: [
            ("\"primary\": ", "\"primary\": \"#000000\", \"primary\": ", "at theme.colours: 'primary' is given twice"),
            ("\"name\": \"Neds\"", "\"name\": \"Other\", \"name\": \"Neds\"", "Neds/brand.json: 'name' is given twice"),
            ("\"badge\": true", "\"b\\u0061dge\": false, \"badge\": true", "at appBar: 'badge' is given twice"),
        ])
    func duplicateKeys(_ original: String, _ repeated: String, _ message: String) throws {
        let text = try Self.neds().formatted()
        let range = try #require(text.range(of: original))
        let changed = text.replacingCharacters(in: range, with: repeated)
        let logo = BrandFileFolder.directory(Self.pluginFolder("Neds"))
        #expect {
            try BrandDefinition.read(json: Data(changed.utf8), file: "Neds/brand.json", folder: logo)
        } throws: { error in
            "\(error)".contains(message)
        }
        // The same keys in different objects are no repeat.
        #expect(throws: Never.self) {
            try BrandDefinition.read(json: Data(text.utf8), file: "Neds/brand.json", folder: logo)
        }
    }

    @Test(
        "a logo is the SVG file the brand file names beside it; a bad name, a missing file or a logo that could run is refused at theme.logo",
        arguments: [
            ("../logo.svg", ["logo.svg": "<svg viewBox=\"0 0 1 1\"/>"], "'../logo.svg' is not a logo file name"),
            ("logo.svg", [:], "at theme.logo: logo.svg there is no such file"),
            (
                "logo.svg", ["logo.svg": "<svg viewBox=\"0 0 1 1\">\n<script/></svg>"],
                "at theme.logo: logo.svg: line 2: scripts are not allowed in a logo"
            ),
            ("logo.svg", ["logo.svg": "<svg/>"], "at theme.logo: logo.svg: line 1: the <svg> has no viewBox"),
        ] as [(String, [String: String], String)])
    func logoFiles(_ name: String, _ files: [String: String], _ message: String) throws {
        let document = Self.setting("theme.logo", to: .string(name), in: try Self.neds())
        #expect {
            try BrandDefinition.read(
                json: Data(document.formatted().utf8), file: "Neds/brand.json",
                folder: .files(files.mapValues { Data($0.utf8) }))
        } throws: { "\($0)".contains(message) }
        #expect(throws: DeclarationError.self, "a file read without its folder cannot name a logo") {
            try BrandDefinition.read(json: Data(document.formatted().utf8), file: "Neds/brand.json")
        }
    }

    @Test("font fallbacks are a short list of family names; the stack reaches every text style")
    func fontFallbacks() throws {
        let neds = try Self.read(try Self.neds())
        #expect(
            neds.theme.typography.caption.fallbacks == ["Arial Black", "Helvetica Neue", "DejaVu Sans", "sans-serif"])
        for (value, message) in [
            (JSONValue.string("Arial"), "expected a list of font family names"),
            (.array(Array(repeating: .string("Arial"), count: 9)), "9 families; at most 8"),
            (
                .array([.string("Arial; } body { x")]),
                "at theme.fontFallbacks[0]: 'Arial; } body { x' is not a font family name"
            ),
        ] {
            let document = Self.setting("theme.fontFallbacks", to: value, in: try Self.neds())
            #expect { try Self.read(document) } throws: { "\($0)".contains(message) }
        }
    }

    @Test("a brand file that is a named pipe or a device is refused saying what it is; nothing past the bound is read")
    func notRegularFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("brand.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect {
            try FileInput.read(atPath: pipe, limit: BrandDefinition.maximumFileSize, kind: "brand files")
        } throws: { "\($0)" == "is a named pipe (FIFO), not a regular file" }
        #expect {
            try FileInput.read(atPath: "/dev/zero", limit: BrandDefinition.maximumFileSize, kind: "brand files")
        } throws: { "\($0)" == "is a character device (such as /dev/zero), not a regular file" }
        #expect {
            try FileInput.read(atPath: folder.path, limit: 10, kind: "brand files")
        } throws: { "\($0)" == "is a folder, not a regular file" }
    }

    @Test("not JSON, not an object, too large: refused with the file named")
    func unreadable() {
        for (data, message) in [
            (Data("{\"id\": ".utf8), "not valid JSON"), (Data("[1, 2]".utf8), "expected an object, found a list"),
            (Data(repeating: 0x20, count: BrandDefinition.maximumFileSize + 1), "a brand file is at most"),
            (
                Data((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8),
                "values nest 40 deep; a brand file nests at most 32"
            ),
            (Data(("{\"a\": \"[[[[\\\"" + String(repeating: "[", count: 30) + "\"}").utf8), "unknown key 'a'"),
        ] {
            #expect { try BrandDefinition.read(json: data, file: "x/brand.json") } throws: { error in
                "\(error)".hasPrefix("x/brand.json: ") && "\(error)".contains(message)
            }
        }
    }

    @Test("a brand file written before the market was called a market still reads, and says what to rename")
    func oldMarketKey() throws {
        let current = try Self.neds()
        var old = Self.setting("market", to: nil, in: current)
        old = Self.setting("region", to: .string("AU"), in: old)
        old = Self.setting(
            "messages", to: .object([("mobile.format", .string("Use a {region} number, like {example}"))]), in: old)
        let read = try Self.read(old)
        #expect(read.manifest.market.code == "AU")
        let violation = try #require(MobileNumberRule(market: read.manifest.market).check("12", in: .standalone))
        #expect(read.messages.message(for: violation, locale: "en-AU").hasPrefix("Use a AU number, like 04"))
        let notes = BrandDefinition.renameNotes(json: Data(old.formatted().utf8))
        #expect(
            Set(notes) == [
                "region: 'region' is now 'market' (still read; rename the key)",
                "messages.mobile.format: {region} is now {market} (still read; rename the placeholder)",
            ])
        #expect(BrandDefinition.renameNotes(json: Data(current.formatted().utf8)).isEmpty)

        let both = Self.setting("region", to: .string("NZ"), in: current)
        #expect { try Self.read(both) } throws: { error in
            "\(error)".contains("at region: 'region' is the old name of 'market': give 'market' only")
        }
    }
}
