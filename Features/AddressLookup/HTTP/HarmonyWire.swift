import Foundation
import LiveryCore
import LiveryWire

// How the address API's wire shapes and the lookup's values turn into each
// other, both ways in one place: what the sandbox writes for an address is
// what the app's client reads back as the same address.

extension FoundAddress {
    /// `suggestion` as a find answer lists it.
    public init(_ suggestion: AddressSuggestion) {
        self.init(id: suggestion.id, fullAddress: suggestion.text)
    }

    /// The suggestion this entry stands for; `position` names it in an error.
    func suggestion(at position: Int) throws(AddressLookupError) -> AddressSuggestion {
        AddressSuggestion(
            id: try required(id, "id", position), text: try required(fullAddress, "fullAddress", position))
    }
}

extension AddressRecord {
    /// `address` as a retrieve answer writes it: each place under the first
    /// key its market's pack gives it (a place it has not, left out).
    public init(_ address: PostalAddress, in market: Market) {
        self.init(
            id: address.id ?? "", fullAddress: address.singleLine, unit: address.unit,
            streetNumber: address.streetNumber.isEmpty ? nil : address.streetNumber, street: address.street,
            postcode: address.postcode,
            country: address.marketCode)
        for place in market.address.places {
            guard let key = place.wireKeys.first else { continue }
            if let value = address.places[place.part] {
                self[place: key] = value
            } else if !place.isRequired {
                self[place: key] = ""
            }
        }
    }

    /// The structured address of a retrieve answer in `market`: each place read
    /// from the first of its wire keys the answer has (given but empty: none);
    /// a value found under a later key that repeats another place is not that
    /// place (a town given as `locality` is no suburb).
    func postalAddress(at position: Int, in market: Market) throws(AddressLookupError) -> PostalAddress {
        let id = try required(id, "id", position)
        // A number-less address (a house name) has none, where the market's number is optional.
        let number =
            market.address.isRequired(.streetNumber)
            ? try required(streetNumber ?? "", "streetNumber", position) : (streetNumber?.trimmed ?? "")
        let street = try required(street, "street", position)
        let postcode = try required(postcode, "postcode", position)
        if let country = country?.trimmed, !country.isEmpty,
            country.caseInsensitiveCompare(market.code) != .orderedSame
        {
            throw .invalidResponse(
                reason: "payload[\(position)] is in '\(country.prefix(20))', the lookup in \(market.code)")
        }
        let shape = market.address
        // Primary keys first, then fallbacks of required places, then the rest: a
        // fallback repeating a value already taken is not this place's.
        var found: [(place: AddressShape.Part, value: String, isPrimary: Bool)] = []
        for place in shape.places {
            for (rank, key) in place.wireKeys.enumerated() {
                guard let value = self[place: key]?.trimmed else { continue }
                found.append((place, value, rank == 0))
                break
            }
        }
        found.sort {
            ($0.isPrimary ? 0 : $0.place.isRequired ? 1 : 2) < ($1.isPrimary ? 0 : $1.place.isRequired ? 1 : 2)
        }
        var places: [AddressPart: String] = [:]
        for entry in found where !entry.value.isEmpty {
            let taken = places.values.contains { $0.caseInsensitiveCompare(entry.value) == .orderedSame }
            if entry.isPrimary || !taken { places[entry.place.part] = entry.value }
        }
        for place in shape.places {
            let value = places[place.part] ?? ""
            if value.isEmpty {
                guard !place.isRequired else {
                    throw .invalidResponse(
                        reason: "payload[\(position)] has no '\(place.wireKeys.first ?? place.part.rawValue)'")
                }
                continue
            }
            if let options = place.options {
                guard let option = options.first(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else {
                    throw .invalidResponse(
                        reason:
                            "payload[\(position)] has \(place.part.rawValue) '\(value.prefix(40))', not one of \(market.code)'s"
                    )
                }
                places[place.part] = option
            }
        }
        let unit = unit.flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
        return PostalAddress(
            id: id, unit: unit, streetNumber: number, street: street, places: places, postcode: postcode, in: shape)
    }
}

/// `value` trimmed, or an error naming `key` of the entry at `position` when that leaves nothing.
private func required(_ value: String, _ key: String, _ position: Int) throws(AddressLookupError) -> String {
    guard !value.trimmed.isEmpty else { throw .invalidResponse(reason: "payload[\(position)] has no '\(key)'") }
    return value.trimmed
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
