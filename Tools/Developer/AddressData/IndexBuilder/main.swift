import AddressLookupFeature
import BrandDeclarations
import Foundation
import LiveryCore
import LiveryWorkshop

// Prepares the bundled address index from the dataset:
//   swift run address-index [dataset.tsv] [addresses.index]
// Defaults: Tools/Developer/AddressData/addresses.tsv → Features/AddressLookup/Resources/addresses.index.
// With --check, writes nothing and exits 1 when the bundled index is not what the dataset gives.
// Exit statuses: 0 done (or up to date), 1 a bad dataset or a stale index, 2 bad usage.

let checkout: URL
do {
    checkout = try PackageCheckout.current().root
} catch {
    FileHandle.standardError.write(Data("address-index: \(error)\n".utf8))
    exit(2)
}
var arguments = Array(CommandLine.arguments.dropFirst())
let checkOnly = arguments.contains("--check")
arguments.removeAll { $0 == "--check" }
guard arguments.count <= 2, !arguments.contains(where: { $0.hasPrefix("-") }) else {
    FileHandle.standardError.write(Data("usage: address-index [--check] [dataset.tsv] [addresses.index]\n".utf8))
    exit(2)
}
let source =
    arguments.first.map { URL(fileURLWithPath: $0) }
    ?? checkout.appendingPathComponent("Tools/Developer/AddressData/addresses.tsv")
let target =
    arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? checkout.appendingPathComponent("Features/AddressLookup/Resources/addresses.index")

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("address-index: \(message)\n".utf8))
    exit(1)
}

let text: String
do { text = try String(contentsOf: source, encoding: .utf8) } catch {
    fail("\(source.path): \(error.localizedDescription)")
}
let addresses: [PostalAddress]
let shapes: [String: AddressShape]
do {
    let markets = try MarketCatalogue.shipped()
    shapes = markets.markets.mapValues(\.address)
} catch {
    fail("the market packs: \(error)")
}
do { addresses = try AddressDataset.parse(text, shapes: shapes) } catch { fail("\(source.path): \(error)") }
let prepared = PreparedAddressIndex.encode(EmbeddedAddressLookupService(addresses: addresses))
if checkOnly {
    guard (try? Data(contentsOf: target)) == prepared else {
        fail("\(target.path) is not the index of \(source.path); run `swift run address-index`")
    }
    print("\(target.path) is up to date (\(addresses.count) addresses)")
    exit(0)
}
do { try prepared.write(to: target, options: .atomic) } catch { fail("\(target.path): \(error.localizedDescription)") }
print("wrote \(target.path): \(addresses.count) addresses, \(prepared.count) bytes")
