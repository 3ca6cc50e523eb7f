/// One entry in an address suggestion list: an id to retrieve the full
/// address with, and the single-line text to show.
public struct AddressSuggestion: Hashable, Sendable, Codable, Identifiable {
    /// The place id used to retrieve the full address.
    public var id: String
    /// The address on one line, as shown in the list.
    public var text: String

    /// A suggestion.
    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}

/// A structured street address in Australia or New Zealand.
///
/// The parts common to both regions are stored directly; the area differs:
/// an Australian address has a suburb and a state from the fixed list, a New
/// Zealand address has an optional suburb and a city.
public struct PostalAddress: Hashable, Sendable, Codable {
    /// The place id it was retrieved by, if it came from a lookup.
    public var id: String?
    /// A unit, flat or apartment number, if any (e.g. `3` in "3/12 Smith St").
    public var unit: String?
    /// The street number, e.g. `12` or `12A`.
    public var streetNumber: String
    /// The street name with its type, e.g. "Smith Street".
    public var street: String
    /// The region-specific part.
    public var area: Area
    /// The four-digit postcode.
    public var postcode: String

    /// The part of an address that differs between regions.
    public enum Area: Hashable, Sendable, Codable {
        /// Australia: suburb (the locality) and state.
        case australia(suburb: String, state: AustralianState)
        /// New Zealand: suburb, when there is one, and city.
        case newZealand(suburb: String?, city: String)
    }

    /// An address.
    public init(
        id: String? = nil, unit: String? = nil, streetNumber: String, street: String, area: Area, postcode: String
    ) {
        self.id = id
        self.unit = unit
        self.streetNumber = streetNumber
        self.street = street
        self.area = area
        self.postcode = postcode
    }

    /// The region the address is in.
    public var region: Region {
        switch area {
        case .australia: .australia
        case .newZealand: .newZealand
        }
    }

    /// The suburb, when there is one.
    public var suburb: String? {
        switch area {
        case .australia(let suburb, _): suburb
        case .newZealand(let suburb, _): suburb
        }
    }

    /// The address on one line, e.g. "3/12 Smith Street, Richmond VIC 3121"
    /// or "12 Queen Street, Auckland Central, Auckland 1010".
    public var singleLine: String {
        let number = unit.map { "\($0)/\(streetNumber)" } ?? streetNumber
        switch area {
        case .australia(let suburb, let state):
            return "\(number) \(street), \(suburb) \(state.rawValue) \(postcode)"
        case .newZealand(let suburb, let city):
            let place = [suburb, city].compactMap { $0 }.joined(separator: ", ")
            return "\(number) \(street), \(place) \(postcode)"
        }
    }
}
