import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryTesting

/// State a benchmark keeps between its samples (benchmarks run one at a time).
final class Box<Value>: @unchecked Sendable {
    // @unchecked: benchmarks run one at a time, so `value` is never used from two threads at once.
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// `count` addresses made deterministically from `base`: each base address
/// again with other street numbers and (from the second copy on) other
/// street names, so the index grows in words and postings as a real one would.
func generatedAddresses(_ count: Int, from base: [PostalAddress]) -> [PostalAddress] {
    let names = [
        "Acacia", "Banksia", "Coral", "Dune", "Ember", "Fern", "Granite", "Harbour", "Iron", "Jarrah",
        "Kauri", "Lagoon", "Marble", "Nikau", "Ochre", "Pohutukawa", "Quartz", "Rata", "Sandstone", "Totara",
    ]
    let types = ["Street", "Road", "Avenue", "Crescent", "Place", "Lane", "Drive", "Terrace"]
    var state: UInt64 = 0x5eed
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
    }
    var result: [PostalAddress] = []
    result.reserveCapacity(count)
    for position in 0..<count {
        let address = base[position % base.count]
        let copy = position / base.count
        var number = address.streetNumber
        var street = address.street
        if copy > 0 {
            number = String(1 + next() % 400)
            street = "\(names[next() % names.count]) \(names[next() % names.count]) \(types[next() % types.count])"
        }
        result.append(
            PostalAddress(
                id: "gen-\(position)", unit: address.unit, streetNumber: number, street: street, places: address.places,
                postcode: address.postcode, in: Market.shipped(address.marketCode).address))
    }
    return result
}
