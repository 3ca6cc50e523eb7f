import LiveryCore
import Testing

@testable import AddressLookupFeature

/// The search stops as soon as nothing later can rank among the best; these
/// tests hold it to the ranking's plain definition — score every candidate,
/// sort them all — over the bundled dataset.
@Suite("Ranking: stopping early gives the same results as scoring everything")
struct RankingTests {
    private static let index = AddressIndex(addresses: (try? AddressDataset.bundled()) ?? [])

    /// Queries a person types, drawn from the dataset: whole and cut-off
    /// words, numbers, unit forms, single letters, typos.
    private static func queries(count: Int) -> [String] {
        var random = SeededGenerator(seed: 2026)
        let texts = index.texts
        var queries = [
            "q", "s", "st", "12", "1", "queen", "Queen St", "smith", "12 smith st", "3/12 smith st",
            "unit 3 12 smith", "Collingwood", "Colingwood", "Smtih", "12 Smtih St", "Armadale", "Armadile",
            "47 collins rd newtown", "road", "north", "mt", "saint", "xzqv",
        ]
        while queries.count < count {
            let words = texts[Int.random(in: 0..<texts.count, using: &random)]
                .split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            let first = Int.random(in: 0..<words.count, using: &random)
            let last = Int.random(in: first..<min(words.count, first + 3), using: &random)
            var query = words[first...last].joined(separator: " ")
            switch Int.random(in: 0..<4, using: &random) {
            case 0: query = String(query.prefix(max(1, query.count - Int.random(in: 1...3, using: &random))))
            case 1 where query.count >= 6:
                var letters = Array(query)
                let at = Int.random(in: 1..<(letters.count - 1), using: &random)
                letters.swapAt(at, at + 1)
                query = String(letters)
            default: break
            }
            queries.append(query)
        }
        return queries
    }

    @Test("the best eight, and the best one, are the same as scoring every candidate, for 600 queries")
    func sameAsScoringAll() {
        for query in Self.queries(count: 600) {
            for limit in [8, 1] {
                #expect(
                    Self.index.search(query, limit: limit) == Self.index.searchByScoringAll(query, limit: limit),
                    "\(query) (limit \(limit))")
            }
        }
    }

    @Test("an exact match outranks a typo or prefix match of the same address shape")
    func exactFirst() throws {
        let exact = try #require(Self.index.search("12 Smith Street Collingwood", limit: 8).first)
        #expect(Self.index.texts[exact] == "12 Smith Street, Collingwood VIC 3066")
        let viaTypo = try #require(Self.index.search("12 Smith Street Colingwood", limit: 8).first)
        #expect(viaTypo == exact)
    }
}
