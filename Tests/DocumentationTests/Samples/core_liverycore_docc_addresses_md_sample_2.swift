// Written from Core/LiveryCore.docc/Addresses.md (the sample at line 69) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Suggests from addresses the app already holds; an app would ask its own API here.
struct AddressGuideOwnLookup: AddressLookupService {
    let addresses: [PostalAddress]

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        guard AddressQuery.isSearchable(query) else { return [] }
        let words = query.lowercased().split(separator: " ")
        let matches = addresses.filter { address in
            address.marketCode == market.code && words.allSatisfy { address.singleLine.lowercased().contains($0) }
        }
        return matches.prefix(limit).compactMap { address in
            address.id.map { AddressSuggestion(id: $0, text: address.singleLine) }
        }
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        guard let address = addresses.first(where: { $0.id == id && $0.marketCode == market.code }) else {
            throw .notFound(id: id)
        }
        return address
    }
}

@MainActor func addressGuideSearch(_ addresses: [PostalAddress]) async throws {
    let world = EmbeddedWorld(addresses: AddressGuideOwnLookup(addresses: addresses))
    let runtime = try await Composition([TabNZBrand.load()]).assemble("tabnz", on: .embedded(world)).runtime
    let lookup = runtime.addressLookup()
    lookup.send(.typeText("kowhai street"))
    await world.clock.advance(by: .milliseconds(300))   // the debounce passes: the service is asked
    print(lookup.state.suggestions.map(\.text))          // ["7 Kowhai Street, Whangārei 0110"]
}
