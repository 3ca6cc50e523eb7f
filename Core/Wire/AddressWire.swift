/// A Harmony-style address request: `{"payload": [item]}`; the first item is asked.
public struct AddressRequest<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable, WireDocumented {
    /// The items; only the first is asked.
    public var payload: [Item]

    /// A request for `item`.
    public init(_ item: Item) { payload = [item] }

    /// The most items a payload may hold.
    public static var maximumItems: Int { 64 }

    public static var wireSummary: String { "An address request; the first item of `payload` is asked." }
    public static var wireNotes: [String: WireNote] {
        ["payload": WireNote("The item asked (only the first is read).", count: 1...maximumItems)]
    }
}

/// A find item: the typed text and the country.
public struct AddressFindItem: Codable, Sendable, Equatable, WireDocumented {
    /// The country's ISO code, e.g. `AU`.
    public var country: String
    /// The text typed so far.
    public var fullAddress: String

    /// A search for `fullAddress` (the typed text) in `country`.
    public init(country: String, fullAddress: String) {
        self.country = country
        self.fullAddress = fullAddress
    }

    /// The most characters (Unicode scalars) a find's text may have.
    public static let maximumCharacters = 200
    /// The most words (runs of text between spaces) a find's text may have.
    public static let maximumWords = 12

    public static let wireSummary = "What a person has typed of an address."
    public static let wireNotes: [String: WireNote] = [
        "country": WireNote("The country's ISO 3166 code, e.g. `AU` or `GB`.", pattern: "^[A-Z]{2}$"),
        "fullAddress": WireNote(
            "The text typed so far: at most 200 characters and 12 words (runs of anything but ASCII white space).",
            length: 0...maximumCharacters, pattern: WirePatterns.words(atMost: maximumWords)),
    ]
}

/// A retrieve item: a suggestion's id.
public struct AddressRetrieveItem: Codable, Sendable, Equatable, WireDocumented {
    /// The id a find answered.
    public var id: String

    /// A request for the whole address of the suggestion `id`.
    public init(id: String) { self.id = id }

    public static let wireSummary = "The suggestion whose whole address is asked for."
    public static let wireNotes: [String: WireNote] = [
        "id": WireNote(length: 0...WireLimits.text)
    ]
}

/// A Harmony-style answer: `{"status": "SUCCESS", "messages": [], "payload": [item…]}`.
public struct AddressAnswer<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable, WireDocumented {
    /// `SUCCESS`, or why not.
    public var status: String
    /// What the server says besides.
    public var messages: [AddressMessage]?
    /// The suggestions, or the one address retrieved.
    public var payload: [Item]?

    /// A successful answer of `payload`.
    public init(payload: [Item]) {
        status = Self.success
        messages = []
        self.payload = payload
    }

    /// The status of an answer that has its payload.
    public static var success: String { "SUCCESS" }

    public static var wireSummary: String { "An address answer." }
    public static var wireNotes: [String: WireNote] {
        [
            "status": WireNote("`SUCCESS`, or a word saying why not (the messages say more)."),
            "messages": WireNote("What the server says besides: texts, or objects of texts."),
            "payload": WireNote("The suggestions (best first, at most 8), or the one address retrieved."),
        ]
    }
}

/// A message of an address answer: a text, or an object whose values are texts.
public struct AddressMessage: Codable, Sendable, Equatable, WireAlternatives {
    /// The message's text (an object's values in key order, joined by spaces).
    public var text: String

    /// The message `text` an address API answers in place of items.
    public init(_ text: String) { self.text = text }

    /// Reads a text or an object of texts; anything else reads as no text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.text = text
        } else if let object = try? container.decode([String: String].self) {
            text = object.sorted { $0.key < $1.key }.map(\.value).joined(separator: " ")
        } else {
            text = ""
        }
    }

    /// Writes the text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public static let wireSchema = """
        {"description": "A message: a text, or an object whose values are texts.",
         "anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]}
        """
}

/// A suggestion of a find answer.
public struct FoundAddress: Codable, Sendable, Equatable, WireDocumented {
    /// The id a retrieve asks with.
    public var id: String
    /// The address on one line.
    public var fullAddress: String

    /// A suggestion `id` shown as `fullAddress`.
    public init(id: String, fullAddress: String) {
        self.id = id
        self.fullAddress = fullAddress
    }

    public static let wireSummary = "A suggestion."
    public static let wireNotes: [String: WireNote] = [
        "id": WireNote(length: 1...WireLimits.text),
        "fullAddress": WireNote("The address on one line, as shown."),
    ]
}

/// The address of a retrieve answer, in parts. Which keys name its places is
/// the market's: its pack lists, for each place, the keys it is read from
/// (for instance a suburb under `locality`, a state under `state`).
public struct AddressRecord: Codable, Sendable, Equatable, WireDocumented {
    /// The suggestion's id.
    public var id: String
    /// The address on one line.
    public var fullAddress: String?
    /// A flat or unit.
    public var unit: String?
    /// The number in the street; absent for an address without one (a
    /// house name, a rural address) where the market's number is optional.
    public var streetNumber: String?
    /// The street's name and type.
    public var street: String
    /// The locality: a suburb, or a town where there is none.
    public var locality: String?
    /// The suburb within a town or city.
    public var suburb: String?
    /// The post town.
    public var town: String?
    /// The town or city.
    public var city: String?
    /// The county.
    public var county: String?
    /// The state's abbreviation.
    public var state: String?
    /// The postcode.
    public var postcode: String
    /// The country's ISO code; the market asked in when absent.
    public var country: String?

    /// A whole address with its id, its parts and its one-line form.
    public init(
        id: String, fullAddress: String?, unit: String? = nil, streetNumber: String?, street: String,
        locality: String? = nil, suburb: String? = nil, town: String? = nil, city: String? = nil,
        county: String? = nil, state: String? = nil, postcode: String, country: String? = nil
    ) {
        self.id = id
        self.fullAddress = fullAddress
        self.unit = unit
        self.streetNumber = streetNumber
        self.street = street
        self.locality = locality
        self.suburb = suburb
        self.town = town
        self.city = city
        self.county = county
        self.state = state
        self.postcode = postcode
        self.country = country
    }

    /// The keys that can name a place, in the order a record lists them.
    public static let placeKeys = ["locality", "suburb", "town", "city", "county", "state"]

    /// The text under place key `key` (one of ``placeKeys``), or `nil`.
    public subscript(place key: String) -> String? {
        get {
            switch key {
            case "locality": locality
            case "suburb": suburb
            case "town": town
            case "city": city
            case "county": county
            case "state": state
            default: nil
            }
        }
        set {
            switch key {
            case "locality": locality = newValue
            case "suburb": suburb = newValue
            case "town": town = newValue
            case "city": city = newValue
            case "county": county = newValue
            case "state": state = newValue
            default: break
            }
        }
    }

    public static let wireSummary = "A whole address, in parts."
    public static let wireNotes: [String: WireNote] = [
        "id": WireNote(length: 1...WireLimits.text),
        "unit": WireNote("A flat or unit, when there is one."),
        "streetNumber": WireNote(
            "The number in the street; absent for an address without one (a house name), where the market's number is optional.",
            length: 1...WireLimits.text),
        "street": WireNote(length: 1...WireLimits.text),
        "locality": WireNote("The locality: a suburb, or the town where there is none (as the market's pack keys it)."),
        "suburb": WireNote("The suburb within a town or city; empty or absent when there is none."),
        "county": WireNote("The county; empty or absent when there is none."),
        "state": WireNote("The state's abbreviation, e.g. `NSW`."),
        "postcode": WireNote(length: 1...WireLimits.text),
        "country": WireNote("The country's ISO 3166 code; when absent, the market the lookup asked in."),
    ]
}
