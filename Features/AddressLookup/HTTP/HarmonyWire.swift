import Foundation
import LiveryCore

/// A request body: `{"payload": [item]}`.
struct HarmonyRequest<Item: Encodable & Sendable>: Encodable, Sendable {
    let payload: [Item]
}

/// A find request item: `{"country": "AU", "fullAddress": "12 smith"}`.
struct HarmonyFindItem: Encodable, Sendable {
    let country: String
    let fullAddress: String
}

/// A retrieve request item: `{"id": "…"}`.
struct HarmonyRetrieveItem: Encodable, Sendable {
    let id: String
}

/// A response body: `{"status": "SUCCESS", "messages": [], "payload": [address…]}`.
struct HarmonyResponse: Decodable, Sendable {
    let status: String
    let messages: HarmonyMessages?
    let payload: [HarmonyAddress]?
}

/// The `messages` of a response: strings, or objects whose string values are the text.
struct HarmonyMessages: Decodable, Sendable {
    let texts: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let strings = try? container.decode([String].self) {
            texts = strings
        } else if let objects = try? container.decode([[String: String]].self) {
            texts = objects.map { $0.sorted { $0.key < $1.key }.map(\.value).joined(separator: " ") }
        } else {
            texts = []
        }
    }
}

/// An address in a response. A find answer needs only `id` and
/// `fullAddress`; a retrieve answer also has the parts.
struct HarmonyAddress: Decodable, Sendable {
    let id: String?
    let fullAddress: String?
    let unit: String?
    let streetNumber: String?
    let street: String?
    let locality: String?
    let suburb: String?
    let city: String?
    let state: String?
    let postcode: String?
    let country: String?

    /// The suggestion this address stands for in a find answer.
    func suggestion(at position: Int) throws(AddressLookupError) -> AddressSuggestion {
        AddressSuggestion(
            id: try required(id, "id", position), text: try required(fullAddress, "fullAddress", position))
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
            area = .australia(suburb: try required(locality ?? suburb, "locality", position), state: australianState)
        case .newZealand:
            area = .newZealand(suburb: newZealandSuburb, city: try required(city ?? locality, "city", position))
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

    private func required(_ value: String?, _ key: String, _ position: Int) throws(AddressLookupError) -> String {
        guard let value = value?.trimmed, !value.isEmpty else {
            throw .invalidResponse(reason: "payload[\(position)] has no '\(key)'")
        }
        return value
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
