import BrandDeclarations
import LiveryCore

extension Market {
    /// Australia, as its shipped pack describes it.
    public static let australia = shipped("AU")
    /// New Zealand, as its shipped pack describes it.
    public static let newZealand = shipped("NZ")
    /// Great Britain, as its shipped pack describes it.
    public static let greatBritain = shipped("GB")

    /// The shipped market with code `code`; a missing or broken pack stops the tests at once.
    public static func shipped(_ code: String) -> Market {
        do throws(DeclarationError) {
            guard let market = try MarketCatalogue.shipped().market(code: code) else {
                preconditionFailure("no shipped market pack has code \(code)")
            }
            return market
        } catch {
            preconditionFailure("the shipped market packs do not read: \(error)")
        }
    }
}
