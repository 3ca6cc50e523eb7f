import Foundation
import LiveryCore

/// An address dataset as text: the bundled one (synthetic addresses written by
/// `Tools/Developer/AddressData/generate.py`, shipped as a prepared index by
/// `swift run address-index`) and the addresses a market pack may ship.
///
/// Tab-separated, one address per line, `#` lines are comments: `id, market
/// code, unit, number, street`, then the market's places in its pack's order
/// (for instance suburb, state), then the postcode.
public enum AddressDataset {
    /// The most lines a dataset has.
    public static let maximumLines = 100_000

    /// The bundled addresses, market by market in code order, each in dataset order.
    /// - Throws: `AddressLookupError/unavailable(reason:)` when the prepared index is missing or damaged.
    public static func bundled() throws(AddressLookupError) -> [PostalAddress] {
        try EmbeddedAddressLookupService.bundled().addresses
    }

    /// The addresses of a dataset whose markets have the address `shapes`, by code.
    /// - Throws: `AddressLookupError/invalidResponse(reason:)` naming the first bad line.
    public static func parse(_ text: String, shapes: [String: AddressShape]) throws(AddressLookupError)
        -> [PostalAddress]
    {
        var addresses: [PostalAddress] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard number < maximumLines else {
                throw .invalidResponse(reason: "more than \(maximumLines) lines")
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count > 1, let shape = shapes[columns[1]] else {
                let code = columns.count > 1 ? columns[1].prefix(20) : ""
                throw .invalidResponse(reason: "line \(number + 1): unknown market '\(code)'")
            }
            let places = shape.places
            guard columns.count == 6 + places.count else {
                throw .invalidResponse(
                    reason:
                        "line \(number + 1) has \(columns.count) columns; a \(shape.marketCode) address has \(6 + places.count)"
                )
            }
            var values: [AddressPart: String] = [:]
            for (offset, place) in places.enumerated() {
                let value = columns[5 + offset]
                if value.isEmpty, place.isRequired {
                    throw .invalidResponse(reason: "line \(number + 1): no \(place.part.rawValue)")
                }
                if let options = place.options, !value.isEmpty, !options.contains(value) {
                    throw .invalidResponse(
                        reason: "line \(number + 1): unknown \(place.part.rawValue) '\(value.prefix(40))'")
                }
                values[place.part] = value
            }
            // A number-less address (a house name, a rural one) is a row without a number where the market's
            // street number is optional.
            let needed =
                [("id", columns[0]), ("street", columns[4])]
                + (shape.isRequired(.streetNumber) ? [("number", columns[3])] : [])
            for (name, value) in needed where value.isEmpty {
                throw .invalidResponse(reason: "line \(number + 1): no \(name)")
            }
            addresses.append(
                PostalAddress(
                    id: columns[0], unit: columns[2].isEmpty ? nil : columns[2], streetNumber: columns[3],
                    street: columns[4], places: values, postcode: columns[columns.count - 1], in: shape))
        }
        return addresses
    }
}
