import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import AddressLookupFeature

@Suite("The prepared address index shipped with the module")
struct PreparedIndexTests {
    /// The dataset the bundled index is prepared from.
    static let dataset = SourceTree.url("Tools/Developer/AddressData/addresses.tsv")

    static func builtFromDataset() throws -> EmbeddedAddressLookupService {
        EmbeddedAddressLookupService(
            addresses: try AddressDataset.parse(
                String(contentsOf: dataset, encoding: .utf8),
                shapes: ["AU": Market.australia.address, "NZ": Market.newZealand.address]))
    }

    @Test("the bundled index is exactly what the dataset gives (else: swift run address-index)")
    func upToDate() throws {
        let prepared = PreparedAddressIndex.encode(try Self.builtFromDataset())
        let bundled = try PreparedAddressIndex.bundledData()
        #expect(
            bundled == prepared,
            "Features/AddressLookup/Resources/addresses.index is stale: run `swift run address-index`")
    }

    @Test("loading the prepared index gives the index built from the dataset, part for part")
    func sameIndex() throws {
        let built = try Self.builtFromDataset()
        let loaded = try EmbeddedAddressLookupService.bundled()
        #expect(loaded.count == 11_005)
        for market in [Market.australia, .newZealand] {
            let builtParts = try #require(built.marketIndexes[market.code]).parts
            let loadedParts = try #require(loaded.marketIndexes[market.code]).parts
            #expect(loadedParts == builtParts, "\(market)")
        }
        for query in [
            "12 Smith St", "3/12 smith st collingwood", "Whangarei", "47 Collins Road", "12 Smtih St", "xzqv",
        ] {
            for market in [Market.australia, .newZealand, .greatBritain] {
                #expect(
                    loaded.search(query, in: market, limit: 8) == built.search(query, in: market, limit: 8), "\(query)")
            }
        }
    }

    @Test("a damaged index is refused with the place it broke, never read past its end")
    func damaged() throws {
        let good = PreparedAddressIndex.encode(
            EmbeddedAddressLookupService(addresses: Array(try AddressDataset.bundled().prefix(40))))
        #expect(throws: Never.self) { try PreparedAddressIndex.load(good) }
        // Every cut of the data, and every byte changed in turn in the first part, fails or loads: it never crashes.
        for length in stride(from: 0, to: good.count, by: 7) {
            #expect(throws: AddressLookupError.self) { try PreparedAddressIndex.load(good.prefix(length)) }
        }
        var refused = 0
        for position in 0..<min(good.count, 600) {
            var changed = good
            changed[position] ^= 0xA5
            if (try? PreparedAddressIndex.load(changed)) == nil { refused += 1 }
        }
        #expect(refused > 0)
        #expect(
            throws: AddressLookupError.unavailable(
                reason: "the address index is damaged: not a Livery address index (at byte 8)")
        ) {
            try PreparedAddressIndex.load(Data("LIVERYAXxxxxxxxx".utf8))
        }
        var newer = good
        newer[8] = 9
        #expect(
            throws: AddressLookupError.unavailable(
                reason: "the address index is damaged: format version 9, this build reads 2 (at byte 12)")
        ) {
            try PreparedAddressIndex.load(newer)
        }
        #expect(throws: AddressLookupError.self) { try PreparedAddressIndex.load(good + Data([0])) }
    }
}
