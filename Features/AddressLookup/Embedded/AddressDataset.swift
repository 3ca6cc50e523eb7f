import Foundation
import LiveryCore

/// The address dataset bundled with the module: synthetic Australian and New
/// Zealand addresses written by `Tools/Developer/AddressData/generate.py` and shipped
/// as a prepared index (`swift run address-index`).
///
/// The dataset's source is tab-separated, one address per line, `#` lines are comments:
/// `id, region (AU|NZ), unit, number, street, suburb, state (AU) or city (NZ), postcode`.
public enum AddressDataset {
    /// The bundled addresses, Australian then New Zealand, each in dataset order.
    /// - Throws: ``AddressLookupError/unavailable(reason:)`` when the prepared index is missing or damaged.
    public static func bundled() throws(AddressLookupError) -> [PostalAddress] {
        try EmbeddedAddressLookupService.bundled().addresses
    }

    /// The addresses of a dataset in the bundled file's format.
    /// - Throws: ``AddressLookupError/invalidResponse(reason:)`` naming the first bad line.
    public static func parse(_ text: String) throws(AddressLookupError) -> [PostalAddress] {
        var addresses: [PostalAddress] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 8 else {
                throw .invalidResponse(reason: "line \(number + 1) has \(columns.count) columns, not 8")
            }
            let area: PostalAddress.Area
            switch columns[1] {
            case "AU":
                guard let state = AustralianState(rawValue: columns[6]) else {
                    throw .invalidResponse(reason: "line \(number + 1): unknown state '\(columns[6])'")
                }
                area = .australia(suburb: columns[5], state: state)
            case "NZ":
                area = .newZealand(suburb: columns[5].isEmpty ? nil : columns[5], city: columns[6])
            default:
                throw .invalidResponse(reason: "line \(number + 1): unknown region '\(columns[1])'")
            }
            addresses.append(
                PostalAddress(
                    id: columns[0], unit: columns[2].isEmpty ? nil : columns[2],
                    streetNumber: columns[3], street: columns[4], area: area, postcode: columns[7]))
        }
        return addresses
    }
}
