import BrandDeclarations
import Foundation
import LiveryCore

extension BrandDefinition {
    /// This brand under another id and name, trading in `market` (its currency
    /// and locale the market's), read back through its own brand file: a
    /// brand in a market none of the shipped brands trades in, for tests.
    /// - Throws: `DeclarationError` when the moved file does not read (its form does not fit the market).
    public func moved(to market: Market, id: String, name: String) throws(DeclarationError) -> BrandDefinition {
        guard case .object(let members) = fileDocument() else {
            throw DeclarationError(file: "\(id)/brand.json", path: "", message: "the brand's file is not an object")
        }
        let moved: [(key: String, value: JSONValue)] = members.compactMap { member in
            switch member.key {
            case "id": (member.key, .string(id))
            case "name": (member.key, .string(name))
            case "market": (member.key, .string(market.code))
            case "currency", "locale": nil
            default: member
            }
        }
        return try BrandDefinition.read(
            json: Data(JSONValue.object(moved).formatted().utf8), file: "\(id)/brand.json",
            folder: .files(companionFiles), markets: MarketCatalogue([market]))
    }
}
