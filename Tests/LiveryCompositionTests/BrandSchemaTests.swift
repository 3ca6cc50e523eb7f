import BrandDeclarations
import Foundation
import LiveryTesting
import Testing

/// `Brands/brand.schema.json` is rendered from the same description the
/// brand file reader takes its keys from; these tests keep the published
/// file equal to it and every shipped brand file within it. To write the
/// file again after changing the reader's shape:
/// `LIVERY_WRITE_BRAND_SCHEMA=1 swift test --filter BrandSchemaTests`.
@Suite("brand.json has a schema, rendered from the reader's own keys")
struct BrandSchemaTests {
    private static let brands = SourceTree.url("Brands")

    @Test("the published schema is exactly what the reader's shape renders")
    func published() throws {
        let file = Self.brands.appendingPathComponent("brand.schema.json")
        let rendered = DeclarationShape.jsonSchema.formatted()
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_BRAND_SCHEMA"] == "1" {
            try Data(rendered.utf8).write(to: file)
        }
        let published = try String(contentsOf: file, encoding: .utf8)
        #expect(
            published == rendered,
            "Brands/brand.schema.json is stale: LIVERY_WRITE_BRAND_SCHEMA=1 swift test --filter BrandSchemaTests")
    }

    @Test("the market packs' schema is exactly what the pack reader's shape renders, and every shipped pack names it")
    func marketSchema() throws {
        let file = Self.brands.appendingPathComponent("Markets/market.schema.json")
        let rendered = DeclarationShape.marketJSONSchema.formatted()
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_BRAND_SCHEMA"] == "1" {
            try Data(rendered.utf8).write(to: file)
        }
        let published = try String(contentsOf: file, encoding: .utf8)
        #expect(
            published == rendered,
            "Brands/Markets/market.schema.json is stale: LIVERY_WRITE_BRAND_SCHEMA=1 swift test --filter BrandSchemaTests"
        )
        let packs = Self.brands.appendingPathComponent("Markets/Packs")
        let names = try FileManager.default.contentsOfDirectory(atPath: packs.path).filter { $0.hasSuffix(".json") }
        #expect(Set(names).isSuperset(of: ["au.json", "nz.json", "gb.json"]))
        for name in names {
            let pack = try JSONDecoder().decode(
                JSONValue.self, from: Data(contentsOf: packs.appendingPathComponent(name)))
            #expect(pack["$schema"] == .string("../" + DeclarationShape.marketSchemaReference), "\(name)")
        }
    }

    @Test(
        "the brand team's guide lists the keys of brand.json and of a market pack exactly as the readers' shapes render them"
    )
    func guideTables() throws {
        let file = Self.brands.appendingPathComponent("README.md")
        var text = try String(contentsOf: file, encoding: .utf8)
        for (name, shape) in [
            ("brand.json", DeclarationShape.brandFile), ("market packs", DeclarationShape.marketPack),
        ] {
            let start =
                "<!-- the keys of \(name), rendered from DeclarationShape: "
                + "LIVERY_WRITE_BRAND_SCHEMA=1 swift test --filter BrandSchemaTests -->\n"
            let opening = try #require(text.range(of: start), "Brands/README.md has no table of the keys of \(name)")
            let closing = try #require(
                text.range(of: "<!-- end of the keys -->", range: opening.upperBound..<text.endIndex))
            let rendered = shape.keyTable()
            if ProcessInfo.processInfo.environment["LIVERY_WRITE_BRAND_SCHEMA"] == "1" {
                text.replaceSubrange(opening.upperBound..<closing.lowerBound, with: rendered)
                try Data(text.utf8).write(to: file)
                continue
            }
            #expect(
                String(text[opening.upperBound..<closing.lowerBound]) == rendered,
                "the keys of \(name) in Brands/README.md are stale: LIVERY_WRITE_BRAND_SCHEMA=1 swift test --filter BrandSchemaTests"
            )
        }
    }

    @Test("every shipped brand file names the schema, gives its required keys, and uses only keys and choices it lists")
    func shippedFilesFit() throws {
        let schema = try Self.renderedSchema()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.brands.path).compactMap { name -> URL? in
            let file = Self.brands.appendingPathComponent(name).appendingPathComponent("Plugin/brand.json")
            return FileManager.default.fileExists(atPath: file.path) ? file : nil
        }
        #expect(files.count >= 4)
        for file in files {
            let brand = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: file))
            #expect(brand["$schema"] == .string(DeclarationShape.schemaReference), "\(file.path)")
            Self.check(
                brand, against: schema, at: file.lastPathComponent, problems: { Issue.record("\(file.path): \($0)") })
        }
    }

    @Test("a key the schema does not list is refused by the reader too, and one it requires is required")
    func readerAgrees() throws {
        let document = try #require(try packageBrands().first).fileDocument()
        guard case .object(var members) = document else { throw Failure() }
        members.append(("colour", .string("#ffffff")))
        #expect(throws: DeclarationError.self) {
            try BrandDefinition.read(json: Data(JSONValue.object(members).formatted().utf8), file: "x.json")
        }
        let schema = try Self.renderedSchema()
        for key in schema["required"]?.strings ?? [] {
            guard case .object(let all) = document else { throw Failure() }
            let without = JSONValue.object(all.filter { $0.key != key })
            #expect(throws: DeclarationError.self, "without '\(key)'") {
                try BrandDefinition.read(json: Data(without.formatted().utf8), file: "x.json")
            }
        }
    }

    private struct Failure: Error {}

    /// The brand file's schema as published: the rendered text, read back.
    private static func renderedSchema() throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(DeclarationShape.jsonSchema.formatted().utf8))
    }

    /// Checks `value` against the parts of JSON Schema the rendered schema uses.
    private static func check(
        _ value: JSONValue, against schema: JSONValue, at path: String, problems: (String) -> Void
    ) {
        switch schema["type"]?.string {
        case "object":
            guard case .object(let members) = value else { return problems("\(path) is not an object") }
            for key in schema["required"]?.strings ?? [] where value[key] == nil {
                problems("\(path) has no '\(key)'")
            }
            for (key, member) in members {
                if let property = schema["properties"]?[key], case .object = property {
                    check(member, against: property, at: "\(path).\(key)", problems: problems)
                } else if schema["additionalProperties"] == .bool(false) {
                    problems("\(path) has '\(key)', which the schema does not list")
                }
            }
        case "string":
            guard let text = value.string else { return problems("\(path) is not text") }
            if let choices = schema["enum"]?.strings, !choices.contains(text) {
                problems("\(path): '\(text)' is not one of \(choices)")
            }
            if let pattern = schema["pattern"]?.string, text.range(of: pattern, options: .regularExpression) == nil {
                problems("\(path): '\(text)' does not match \(pattern)")
            }
        case "boolean":
            guard case .bool = value else { return problems("\(path) is not true or false") }
        case "array":
            guard case .array(let items) = value else { return problems("\(path) is not a list") }
            for (index, item) in items.enumerated() {
                check(item, against: schema["items"] ?? .object([]), at: "\(path)[\(index)]", problems: problems)
            }
        default:
            break
        }
    }
}

extension JSONValue {
    /// The text of a string; `nil` for another value.
    fileprivate var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The items of a list all of which are strings; `nil` for another value.
    fileprivate var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        let texts = items.compactMap(\.string)
        return texts.count == items.count ? texts : nil
    }
}
