import BrandDeclarations
import Foundation
import LiveryCore
import LiveryTesting
import Testing

@Suite("Brand files fuzzed: grown, nested, cut and garbled, every one is a brand or an error naming the file")
struct BrandFileFuzzTests {
    @Test("2,000 mutated brand files (500 of each brand), read without a crash", arguments: packageBrandIDs)
    func mutations(_ id: String) throws {
        let brand = try #require(try packageBrands().first { $0.manifest.id.rawValue == id })
        var random = SeededGenerator(seed: UInt64(id.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var errors = 0
        for _ in 0..<500 {
            var document = brand.fileDocument()
            for _ in 0..<Int.random(in: 1...4, using: &random) { document = JSONMutation.mutate(document, &random) }
            var text = document.formatted()
            if Int.random(in: 0..<8, using: &random) == 0 {
                text = String(text.prefix(Int.random(in: 0...text.count, using: &random)))
            }
            do {
                _ = try BrandDefinition.read(json: Data(text.utf8), file: "fuzz/brand.json")
            } catch {
                #expect(error.file == "fuzz/brand.json" && !error.message.isEmpty)
                errors += 1
            }
        }
        #expect(errors > 400, "most mutations make the file wrong: \(errors) of 500 were refused")
    }

    @Test("nesting 100,000 deep, a file at the size limit, and a 200,000-character name are refused, not crashed on")
    func extremes() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let wide = "{\"id\": \"" + String(repeating: "a", count: BrandDefinition.maximumFileSize) + "\"}"
        let long = "{\"id\": \"neds\", \"name\": \"" + String(repeating: "N", count: 200_000) + "\"}"
        for text in [deep, wide, long, "", "{", "null", "\u{FEFF}{}"] {
            #expect(throws: DeclarationError.self) { try BrandDefinition.read(json: Data(text.utf8), file: "x") }
        }
    }
}
