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
    /// `address` as a retrieve answer writes it: Australian addresses with
    /// `locality` and `state`; New Zealand ones with `city`, `suburb` when
    /// there is one, and `locality` (the suburb, else the town).
    public init(_ address: PostalAddress) {
        self.init(
            id: address.id ?? "", fullAddress: address.singleLine, unit: address.unit,
            streetNumber: address.streetNumber, street: address.street, postcode: address.postcode,
            country: address.region.code)
        switch address.area {
        case .australia(let suburb, let state):
            locality = suburb
            self.state = state.rawValue
        case .newZealand(let suburb, let city):
            self.suburb = suburb ?? ""
            self.city = city
            locality = suburb ?? city
        }
    }

    /// The structured address of a retrieve answer. The region is `country`
    /// when given, otherwise Australia when `state` is an Australian state.
    func postalAddress(at position: Int) throws(AddressLookupError) -> PostalAddress {
        let id = try required(id, "id", position)
        let number = try required(streetNumber, "streetNumber", position)
        let street = try required(street, "street", position)
        let postcode = try required(postcode, "postcode", position)
        let australianState = state.flatMap { AustralianState(rawValue: $0.trimmed.uppercased()) }
        let region = country.flatMap { Region(code: $0.trimmed) } ?? (australianState != nil ? .australia : .newZealand)
        let area: PostalAddress.Area
        switch region {
        case .australia:
            guard let australianState else {
                throw .invalidResponse(
                    reason: "payload[\(position)] has no Australian 'state' (got \(state.map { "'\($0)'" } ?? "none"))")
            }
            area = .australia(
                suburb: try required(locality ?? suburb ?? "", "locality", position), state: australianState)
        case .newZealand:
            area = .newZealand(suburb: newZealandSuburb, city: try required(city ?? locality ?? "", "city", position))
        }
        let unit = unit.flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
        return PostalAddress(id: id, unit: unit, streetNumber: number, street: street, area: area, postcode: postcode)
    }

    /// A New Zealand answer's suburb: `suburb` when the answer has that key
    /// (empty: none); otherwise `locality` when it names a place beside the
    /// `city`. A town-only address (its locality the town itself, or no
    /// locality) has no suburb.
    private var newZealandSuburb: String? {
        let named = suburb ?? (city == nil ? nil : locality)
        guard let named = named?.trimmed, !named.isEmpty else { return nil }
        if suburb == nil, let city, named.caseInsensitiveCompare(city.trimmed) == .orderedSame { return nil }
        return named
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
