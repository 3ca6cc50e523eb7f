import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire
import OpenAPIGeneration
import Testing

@testable import LiverySandbox

/// The document says what the server takes: each pattern it publishes is
/// held against the reader the server uses, on thousands of texts drawn
/// around the valid ones (and at random), and each example it shows is sent
/// to a sandbox and accepted.
@Suite("the contract says what the server takes")
struct ContractExactnessTests {
    // MARK: Fixed forms

    @Test("a day: the calendar pattern and CalendarDay(iso:) agree on every text drawn")
    func calendarDays() {
        var generator = SeededGenerator(seed: 11)
        var texts = ["2024-02-29", "2023-02-29", "2000-02-29", "1900-02-29", "0000-02-29", "9999-12-31", "2026-13-01"]
        texts += ["2026-00-10", "2026-04-31", "+999-01-01", "2026-+6-+1", "２０２６-01-01", "2026-1-01", " 2026-01-01"]
        for _ in 0..<20_000 { texts.append(Self.drawDate(using: &generator)) }
        for text in texts {
            #expect(
                Self.matches(WirePatterns.calendarDay, text) == (CalendarDay(iso: text) != nil), "\(text)")
        }
    }

    @Test("a run's time: the time pattern and the world middleware's reader agree")
    func times() {
        var generator = SeededGenerator(seed: 12)
        var texts = [
            "2026-06-01T09:30:00.000+10:00", "2026-06-01T09:30:00Z", "2026-06-01t09:30:00z", "2026-06-01T24:00:00Z",
            "2026-06-01T23:59:60Z", "2026-06-01T09:30:00", "2026-06-01T09:30:00.Z", "2026-02-30T09:30:00Z",
            "2026-06-01T09:30:00+1000", "2026-06-01 09:30:00Z", "2026-06-01T09:30:00.123456789-00:00",
        ]
        for _ in 0..<20_000 {
            var text = Self.drawDate(using: &generator) + (Bool.random(using: &generator) ? "T" : "t")
            text += String(
                format: "%02d:%02d:%02d", Int.random(in: 0...25, using: &generator),
                Int.random(in: 0...61, using: &generator), Int.random(in: 0...61, using: &generator))
            if Bool.random(using: &generator) { text += "." + String(Int.random(in: 0...999, using: &generator)) }
            text += ["Z", "z", "+10:00", "-23:59", "+24:00", "+1:00", "", "Zz"].randomElement(using: &generator)!
            texts.append(Self.mutated(text, using: &generator))
        }
        for text in texts {
            #expect(
                Self.matches(WirePatterns.time, text) == (WorldMiddleware.day(ofTime: text) != nil), "\(text)")
        }
    }

    @Test("a fault: FaultPlan.pattern and FaultPlan.parse agree on every text drawn")
    func faults() {
        var generator = SeededGenerator(seed: 13)
        var texts: [String] = []
        let routes = ServiceRoute.allCases.map(\.rawValue) + ["Address", "checkusername", ""]
        let specs = [
            "500", "599", "400", "399", "600", "5000", "timeout", "Timeout", "latency 200ms", "latency 600s",
            "latency 600.001s", "latency 600000ms", "latency 600000.5ms", "latency 0ms", "latency 0.5s", "latency 00s",
            "latency 1.2345s", "latency12s", "latency 12 s", "latency 12m", "500@0", "500@1", "500@1.0", "500@0.25",
            "500@0.1234567", "500@1.5", "500@.5", "500@", "timeout@0.5", "latency", "", "503@first", "timeout@first",
            "503@First", "503@firs", "503@first1", "latency 2s@first",
        ]
        for route in routes {
            for spec in specs { texts.append("\(route)=\(spec)") }
        }
        for _ in 0..<20_000 {
            let route = routes.randomElement(using: &generator)!
            let spec = specs.randomElement(using: &generator)!
            texts.append(Self.mutated("\(route)=\(spec)", using: &generator))
        }
        for text in texts {
            let parses = (try? FaultPlan.parse(faults: [text])) != nil
            #expect(Self.matches(FaultPlan.pattern, text) == parses, "\(text)")
        }
    }

    @Test("an address query: the words pattern and AddressQuery's bounds agree within 200 characters")
    func words() {
        var generator = SeededGenerator(seed: 14)
        let pattern = WirePatterns.words(atMost: AddressFindItem.maximumWords)
        let pieces = ["12", "Smith", "St", " ", "  ", "\t", "\n", "\u{00A0}", "\u{2003}", "é", ""]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            guard text.unicodeScalars.count <= AddressFindItem.maximumCharacters else { continue }
            #expect(Self.matches(pattern, text) == AddressQuery.isWithinBounds(text), "\(text.debugDescription)")
        }
    }

    // MARK: Registrations

    @Test(
        "every value a brand's fields schema allows, its checks take; and for the fields it says exactly, the reverse",
        arguments: ["neds", "tabnz"])
    func registrationFields(brand id: String) throws {
        let brand = try Self.brand(id)
        let (schema, components) = try #require(try Self.fieldsSchema(brand))
        let properties = try #require(schema["properties"]?.object)
        try #require(properties.values.allSatisfy { $0.object != nil }, "every property's schema is an object")
        let validator = RegistrationValidator(
            definition: brand.definition,
            environment: RuleEnvironment(
                market: brand.market, wallClock: .fixed(CalendarDay(year: 2026, month: 6, day: 1)!)))
        let sample = try #require(try Self.sample(brand), "the example registration of \(id)")
        #expect(validator.violations(in: sample).isEmpty)
        // Where the schema says less than the form takes, on purpose (see the descriptions).
        let narrower: Set<String> = ["password"]
        var generator = SeededGenerator(seed: 15)
        var checked = 0
        var disagreements: [String] = []
        for (key, property) in properties.sorted(by: { $0.key < $1.key }) where key != "depositLimit.amount" {
            guard key != "depositLimit.period" else { continue }
            var candidates = Self.candidates(around: sample[key] ?? "", using: &generator)
            if key == "dateOfBirth" {
                candidates += ["29/02/2000", "29/02/1900", "29/02/2024", "31/04/1990", "00/01/1990"]
            }
            if let choices = property["enum"]?.strings { candidates += choices + choices.map { $0.lowercased() } }
            for candidate in candidates {
                var fields = sample
                fields[key] = candidate
                // A date of birth's age depends on the day: the pattern says the day's form, as the form reads it.
                let taken =
                    key == "dateOfBirth"
                    ? DateOfBirthText.day(from: candidate) != nil
                    : validator.violations(in: fields)[FieldName(key)] == nil
                let allowed = Self.allows(property, candidate, components: components)
                checked += 1
                if allowed, !taken {
                    disagreements.append(
                        "\(id).\(key): the schema allows \(candidate.debugDescription), the form refuses it")
                } else if !allowed, taken, !narrower.contains(key), candidate.unicodeScalars.allSatisfy(\.isASCII) {
                    disagreements.append(
                        "\(id).\(key): the form takes \(candidate.debugDescription), the schema refuses it")
                }
            }
        }
        #expect(checked > 5_000, "\(checked) values checked")
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements: \(disagreements.prefix(12).joined(separator: "; "))")
        // Keys: every one the schema names is the form's, and a key it does not name is refused.
        for key in ["address", ".address", "depositLimit.frequency", "Title", "title.x", ""] {
            var fields = sample
            fields[key] = "x"
            #expect(properties[key] == nil && validator.violations(in: fields)[FieldName(key)] != nil, "\(key)")
        }
        let required = Set(schema["required"]?.strings ?? [])
        for key in properties.keys {
            var fields = sample
            fields[key] = nil
            let missing = !validator.violations(in: fields).isEmpty
            #expect(missing == required.contains(key), "\(id).\(key) is required: \(required.contains(key))")
        }
    }

    // MARK: Examples

    @Test("every example the document shows is accepted by a sandbox it describes")
    func examplesAreAccepted() async throws {
        let token = "examples-token-0123456789"
        let sandbox = try await SandboxHarness.start(seedingTokens: [token])
        do {
            let served = try await sandbox.get("/openapi.json")
            let document = try JSONDecoder().decode(JSONValue.self, from: served.body)
            let paths = try #require(document["paths"]?.object)
            var examples: [(method: String, path: String, body: JSONValue)] = []
            for (path, item) in paths {
                for (method, operation) in try #require(item.object, "the path item of \(path)") {
                    guard let example = operation["requestBody"]?["content"]?["application/json"]?["example"]
                    else { continue }
                    examples.append((method.uppercased(), path, example))
                }
            }
            #expect(examples.count == 7, "\(examples.map(\.path))")
            // Registering and making a world come first: the others are asked of what they made.
            let order = ["/v2/client", "/sandbox/worlds"]
            examples.sort {
                (order.firstIndex(of: $0.path) ?? 9, $0.path) < (order.firstIndex(of: $1.path) ?? 9, $1.path)
            }
            var client = ""
            var world = ""
            for example in examples {
                let path = example.path.replacingOccurrences(of: "{clientId}", with: client)
                var headers = ["Livery-Seeding-Token": token]
                if example.path == "/v2/client" { headers["Idempotency-Key"] = UUID().uuidString }
                if example.path == "/sandbox/seed" { headers["Livery-World"] = world }
                let answer = try await sandbox.send(
                    example.method, path, body: try JSONEncoder().encode(example.body),
                    headers: headers)
                #expect(
                    (200..<300).contains(answer.status),
                    "\(example.method) \(path): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
                if example.path == "/v2/client" { client = (try? answer.decoded(ClientCreated.self))?.clientId ?? "" }
                if example.path == "/sandbox/worlds" { world = (try? answer.decoded(WorldCreated.self))?.world ?? "" }
            }
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    // MARK: Helpers

    /// Whether `pattern` (ECMA-262, as the document writes it) matches `text`: `$` is the end of the text.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let ecma = pattern.replacingOccurrences(of: "$", with: "\\z")
        guard let expression = try? NSRegularExpression(pattern: ecma) else {
            Issue.record("the pattern does not compile: \(pattern)")
            return false
        }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the string schema `schema` allows `text` (the keywords the fields schemas use), its
    /// references read from `components`.
    static func allows(_ schema: JSONValue, _ text: String, components: JSONValue) -> Bool {
        if let reference = schema["$ref"]?.string {
            let name = String(reference.split(separator: "/").last ?? "")
            guard let target = components[name], target.object != nil else {
                Issue.record("no component \(name)")
                return false
            }
            return allows(target, text, components: components)
        }
        if let branches = schema["anyOf"]?.items {
            return branches.contains { allows($0, text, components: components) }
        }
        if let choices = schema["enum"]?.strings, !choices.contains(text) { return false }
        let length = text.unicodeScalars.count
        if let minimum = schema["minLength"]?.int, length < minimum { return false }
        if let maximum = schema["maxLength"]?.int, length > maximum { return false }
        if let pattern = schema["pattern"]?.string, !matches(pattern, text) { return false }
        for part in schema["allOf"]?.items ?? [] where !allows(part, text, components: components) {
            return false
        }
        return true
    }

    static func brand(_ id: String) throws -> ContractScope.Brand {
        let scope = try ContractScope(
            composition: Composition(SandboxHarness.brands), markets: MarketCatalogue.shipped())
        return try #require(scope.brands.first { $0.id.rawValue == id })
    }

    /// The `fields` schema of `brand`'s registration, as the document publishes it, and the document's components.
    static func fieldsSchema(_ brand: ContractScope.Brand) throws -> (fields: JSONValue, components: JSONValue)? {
        let text = try OpenAPIDocument.make(for: ContractScope(brands: [brand], markets: [brand.market.code])).text
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        guard let schemas = document["components"]?["schemas"], schemas.object != nil else { return nil }
        let name = brand.id.rawValue.prefix(1).uppercased() + brand.id.rawValue.dropFirst() + "Registration"
        guard let fields = schemas[name]?["properties"]?["fields"], fields.object != nil else { return nil }
        return (fields, schemas)
    }

    /// The example registration the document shows for `brand`.
    static func sample(_ brand: ContractScope.Brand) throws -> [String: String]? {
        let text = try OpenAPIDocument.make(for: ContractScope(brands: [brand], markets: [brand.market.code])).text
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let content = document["paths"]?["/v2/client"]?["post"]?["requestBody"]?["content"]
        return try? content?["application/json"]?["example"]?.decoded(as: RegistrationRequest.self).fields
    }

    /// `text` and texts around it: cut, grown, its case changed, padded, its characters swapped; and random ones.
    static func candidates(around text: String, using generator: inout SeededGenerator) -> [String] {
        var found = [text, "", " ", "\t", "\u{00A0}", " \(text)", "\(text) ", "\n\(text)", "\(text)\u{200B}"]
        found += [text.uppercased(), text.lowercased(), String(text.dropFirst()), String(text.dropLast()), text + text]
        found += [
            String(repeating: "a", count: 51), String(repeating: "1", count: 11), "12", "Ada-Lovelace", "O'Brien",
        ]
        for _ in 0..<1_500 { found.append(mutated(text, using: &generator)) }
        for _ in 0..<300 {
            let alphabet = Array("aZ09 _-./@+'!é\u{301}ß\t\n")
            found.append(
                String(
                    (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    }))
        }
        return found
    }

    /// `text` with one to three random edits: a character added, removed, replaced or its case flipped.
    static func mutated(_ text: String, using generator: inout SeededGenerator) -> String {
        var characters = Array(text)
        let alphabet = Array("0123456789aAzZ -+.:/@_'Tt\u{00A0}é")
        for _ in 0...Int.random(in: 0..<3, using: &generator) {
            let at = Int.random(in: 0...characters.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: characters.insert(alphabet.randomElement(using: &generator)!, at: at)
            case 1: if at < characters.count { characters.remove(at: at) }
            case 2: if at < characters.count { characters[at] = alphabet.randomElement(using: &generator)! }
            default:
                if at < characters.count {
                    let flipped = characters[at].isUppercase ? characters[at].lowercased() : characters[at].uppercased()
                    characters.replaceSubrange(at...at, with: Array(flipped))
                }
            }
        }
        return String(characters)
    }

    /// A `yyyy-mm-dd` of random numbers, some days impossible.
    static func drawDate(using generator: inout SeededGenerator) -> String {
        String(
            format: "%04d-%02d-%02d", Int.random(in: 0...9999, using: &generator),
            Int.random(in: 0...13, using: &generator),
            Int.random(in: 0...32, using: &generator))
    }
}
