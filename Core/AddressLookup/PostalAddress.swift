/// One entry in an address suggestion list: an id to retrieve the full
/// address with, and the single-line text to show.
public struct AddressSuggestion: Hashable, Sendable, Codable, Identifiable {
    /// The place id used to retrieve the full address.
    public let id: String
    /// The address on one line, as shown in the list.
    public var text: String

    /// A suggestion `id` shown as `text` in the list.
    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}

/// A structured street address in a market: the street parts, the places its
/// market's ``AddressShape`` names (a suburb and a state, a town and a county…)
/// and a postcode, with its one-line form written as the market writes it.
public struct PostalAddress: Hashable, Sendable {
    /// The place id it was retrieved by, if it came from a lookup.
    public var id: String?
    /// A unit, flat or apartment number, if any (e.g. `3` in "3/12 Smith St").
    public let unit: String?
    /// The street number, e.g. `12` or `12A`.
    public let streetNumber: String
    /// The street name with its type, e.g. "Smith Street".
    public let street: String
    /// The places that name the area, by part (`suburb`, `state`, `town`…); absent ones left out.
    public let places: [AddressPart: String]
    /// The postcode.
    public let postcode: String
    /// The market's code, e.g. `AU`.
    public let marketCode: String
    /// The address on one line, e.g. "3/12 Smith Street, Richmond VIC 3121".
    public let singleLine: String

    /// An address in the market whose address is `shape`: `places` by part,
    /// only the places `shape` lists, each required one filled in; empty
    /// places are left out, and `shape` writes ``singleLine``. See <doc:Addresses>.
    public init(
        id: String? = nil, unit: String? = nil, streetNumber: String, street: String,
        places: [AddressPart: String], postcode: String, in shape: AddressShape
    ) {
        self.id = id
        self.unit = unit
        self.streetNumber = streetNumber
        self.street = street
        self.places = places.filter { !$0.value.isEmpty }
        self.postcode = postcode
        marketCode = shape.marketCode
        singleLine = shape.singleLine(
            unit: unit, streetNumber: streetNumber, street: street, places: self.places, postcode: postcode)
    }

    /// An address as stored: every part, and its one-line text as already written.
    public init(
        id: String?, unit: String?, streetNumber: String, street: String, places: [AddressPart: String],
        postcode: String, marketCode: String, singleLine: String
    ) {
        self.id = id
        self.unit = unit
        self.streetNumber = streetNumber
        self.street = street
        self.places = places
        self.postcode = postcode
        self.marketCode = marketCode
        self.singleLine = singleLine
    }

    /// The text of `part`, or `nil` when the address has none.
    public subscript(part: AddressPart) -> String? {
        switch part {
        case .unit: unit
        case .streetNumber: streetNumber
        case .street: street
        case .postcode: postcode
        case .suburb, .town, .city, .county, .state: places[part]
        }
    }
}
