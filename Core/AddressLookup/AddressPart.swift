/// A part of a street address. Every market uses the street parts (an
/// optional unit, the street number and name) and a postcode; its pack
/// chooses which places name the area (a suburb, a town, a city, a county,
/// a state) and whether each is required.
public enum AddressPart: String, Hashable, Sendable, CaseIterable, Codable {
    /// Unit, flat or apartment number (never required).
    case unit
    /// Street number, e.g. `12` or `12A`.
    case streetNumber
    /// Street name with its type, e.g. "Smith Street".
    case street
    /// Suburb: the locality within a town or city.
    case suburb
    /// Post town.
    case town
    /// City.
    case city
    /// County.
    case county
    /// State or territory.
    case state
    /// Postcode, in the market's format.
    case postcode

    /// The places that can name an address's area, in no market's order.
    public static let places: [AddressPart] = [.suburb, .town, .city, .county, .state]

    /// Whether the part names an area (a place) rather than the street or the postcode.
    public var isPlace: Bool { Self.places.contains(self) }

    /// The part's name in a form: `address.postcode`.
    public var fieldName: FieldName { FieldName("address.\(rawValue)") }

    /// The most characters the part holds unless a market's pack says otherwise.
    public var maximumLength: Int {
        switch self {
        case .unit, .streetNumber: 10
        case .street: 100
        case .suburb, .town, .city, .county: 60
        case .state, .postcode: 10
        }
    }
}

/// The address of a market: which parts it has and in what order a form asks
/// for them, which are required, the fixed choices of a part (a state list),
/// how the places and postcode follow the street on one line, and the keys
/// an address API writes each place under.
public struct AddressShape: Hashable, Sendable {
    /// One part as the market uses it.
    public struct Part: Hashable, Sendable {
        /// Which part.
        public let part: AddressPart
        /// Whether it must be filled in.
        public let isRequired: Bool
        /// The fixed choices (e.g. the states), or `nil` for free text.
        public let options: [String]?
        /// The keys an address API's retrieve answer gives the part under, the first
        /// the one written; a value under a later key repeating another place is ignored.
        public let wireKeys: [String]
        /// The most characters it holds here.
        public let maximumLength: Int

        /// A part; its wire keys default to its own name, its limit to ``AddressPart/maximumLength``.
        public init(
            _ part: AddressPart, required: Bool, options: [String]? = nil, wireKeys: [String]? = nil,
            maximumLength: Int? = nil
        ) {
            self.part = part
            isRequired = required
            self.options = options
            self.wireKeys = wireKeys ?? [part.rawValue]
            self.maximumLength = maximumLength ?? part.maximumLength
        }
    }

    /// How a unit is written before the street.
    public enum UnitStyle: String, Hashable, Sendable, CaseIterable {
        /// Before the number with a slash, as in Australia: "7/2 Harbour Quay".
        case slash
        /// On its own, first, as in Great Britain: "Flat 3, 12 High Street".
        case first
    }

    /// How the market writes a unit: ``UnitStyle/slash`` unless its pack says otherwise.
    public private(set) var unitStyle: UnitStyle = .slash

    /// The market's code, e.g. `NZ`.
    public let marketCode: String
    /// The parts in the order a form asks for them.
    public let parts: [Part]
    /// The groups after the street on one line, joined by `, `; the parts of
    /// a group joined by spaces; empty parts and groups left out. Australia's
    /// `[[suburb, state, postcode]]` writes "12 Smith Street, Collingwood VIC 3066".
    public let line: [[AddressPart]]
    /// What samples and previews type into an address search, e.g. "12 Smith St".
    public private(set) var sampleSearch: String = ""
    /// The addresses samples and previews suggest for ``sampleSearch``.
    public private(set) var samples: [PostalAddress] = []

    /// The shape of `marketCode`'s addresses: its `parts` in form order, the groups of its one-line form,
    /// and how a unit is written.
    public init(marketCode: String, parts: [Part], line: [[AddressPart]], unitStyle: UnitStyle = .slash) {
        self.marketCode = marketCode
        self.parts = parts
        self.line = line
        self.unitStyle = unitStyle
    }

    /// This shape with the samples that previews show: `search` typed, `addresses` suggested.
    public func withSamples(search: String, addresses: [PostalAddress]) -> AddressShape {
        var shape = self
        shape.sampleSearch = search
        shape.samples = addresses
        return shape
    }

    /// The parts in form order.
    public var order: [AddressPart] { parts.map(\.part) }

    /// The places the market uses, in form order.
    public var places: [Part] { parts.filter(\.part.isPlace) }

    /// The part's rules here, or `nil` when the market has no such part.
    public func part(_ part: AddressPart) -> Part? { parts.first { $0.part == part } }

    /// Whether the market's addresses have `part`.
    public func contains(_ part: AddressPart) -> Bool { self.part(part) != nil }

    /// Whether `part` must be filled in (false for a part the market has not).
    public func isRequired(_ part: AddressPart) -> Bool { self.part(part)?.isRequired ?? false }

    /// The fixed choices of `part`, or `nil` for free text.
    public func options(_ part: AddressPart) -> [String]? { self.part(part)?.options }

    /// The most characters `part` holds here.
    public func maximumLength(of part: AddressPart) -> Int { self.part(part)?.maximumLength ?? part.maximumLength }

    /// The address on one line: "3/12 Smith Street, Collingwood VIC 3066".
    public func singleLine(
        unit: String?, streetNumber: String, street: String, places: [AddressPart: String], postcode: String
    ) -> String {
        let unit = unit.flatMap { $0.isEmpty ? nil : $0 }
        let street = [streetNumber, street].filter { !$0.isEmpty }.joined(separator: " ")
        var groups: [String]
        switch (unit, unitStyle) {
        case (let unit?, .slash) where !streetNumber.isEmpty: groups = ["\(unit)/\(street)"]
        case (let unit?, _): groups = [unit, street]
        case (nil, _): groups = [street]
        }
        groups.removeAll { $0.isEmpty }
        for group in line {
            let words = group.compactMap { part -> String? in
                let value = part == .postcode ? postcode : places[part]
                guard let value, !value.isEmpty else { return nil }
                return value
            }
            if !words.isEmpty { groups.append(words.joined(separator: " ")) }
        }
        return groups.joined(separator: ", ")
    }
}
