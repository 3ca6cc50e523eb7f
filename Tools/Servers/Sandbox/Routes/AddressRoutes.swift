import AddressLookupFeature
import Hummingbird
import LiveryCore
import LiveryWire

/// The Harmony-style two-step address API, served from the embedded index:
///
/// - `POST /address/find` `{"payload": [{"country": "AU", "fullAddress": "12 smith"}]}` →
///   `{"status": "SUCCESS", "messages": [], "payload": [{"id", "fullAddress"}, …]}` (best 8); a
///   `fullAddress` over 200 characters or 12 words, or a market not served, in any item is 400
///   `request.invalid` (only the first item is asked; a payload holds 1 to 64);
/// - `POST /address/retrieve` `{"payload": [{"id": "…"}]}` → the same envelope with the
///   full address (`id`, `fullAddress`, `unit`, `streetNumber`, `street`, `locality`,
///   `suburb`, `city`, `state`, `postcode`, `country`); 404 `address.unknown` for an unknown id.
enum AddressRoutes {
    /// How many suggestions a find answers at most.
    static let findLimit = 8

    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.findAddress) { request, _ -> Response in
            try await services.injectFaults(.address)
            var request = request
            let body = try await JSONBody.decode(
                AddressRequest<AddressFindItem>.self, from: &request, limit: services.maxBodyBytes)
            let item = try first(of: body)
            // Every item is held to the contract, though only the first is asked.
            for (index, each) in body.payload.enumerated() {
                guard services.markets.market(code: each.country) != nil else {
                    throw APIError(
                        .badRequest, code: .requestInvalid,
                        message:
                            "'payload[\(index)].country' must be one of \(services.markets.codes.joined(separator: ", ")), not '\(each.country.prefix(20))'"
                    )
                }
                guard AddressQuery.isWithinBounds(each.fullAddress) else {
                    throw APIError(
                        .badRequest, code: .requestInvalid,
                        message: "'payload[\(index)].fullAddress' must be at most \(AddressQuery.maximumCharacters) "
                            + "characters and \(AddressQuery.maximumWords) words")
                }
            }
            let market = services.markets.market(code: item.country)!
            let found = services.addresses.search(item.fullAddress, in: market, limit: findLimit)
            return try JSONAnswer.response(AddressAnswer(payload: found.map(FoundAddress.init)))
        }
        router.on(.retrieveAddress) { request, _ -> Response in
            try await services.injectFaults(.address)
            var request = request
            let body = try await JSONBody.decode(
                AddressRequest<AddressRetrieveItem>.self, from: &request, limit: services.maxBodyBytes)
            let item = try first(of: body)
            if let index = body.payload.firstIndex(where: { $0.id.unicodeScalars.count > WireLimits.text }) {
                throw APIError(
                    .badRequest, code: .requestInvalid,
                    message: "'payload[\(index)].id' must be at most \(WireLimits.text) characters")
            }
            do {
                return try JSONAnswer.response(retrieved(try services.address(id: item.id)))
            } catch AddressLookupError.notFound {
                throw APIError(.notFound, code: .addressUnknown, message: "no address with id '\(item.id)'")
            }
        }
    }

    /// The item asked: the first of a payload of 1…``AddressRequest/maximumItems`` items.
    private static func first<Item>(of body: AddressRequest<Item>) throws(APIError) -> Item {
        guard let item = body.payload.first else { throw APIError.missing("'payload[0]'") }
        guard body.payload.count <= AddressRequest<Item>.maximumItems else {
            throw APIError(
                .badRequest, code: .requestInvalid,
                message: "'payload' holds more than \(AddressRequest<Item>.maximumItems) items")
        }
        return item
    }

    /// The answer of a retrieve that found `address`.
    static func retrieved(_ found: (address: PostalAddress, market: Market)) -> AddressAnswer<AddressRecord> {
        AddressAnswer(payload: [AddressRecord(found.address, in: found.market)])
    }
}
