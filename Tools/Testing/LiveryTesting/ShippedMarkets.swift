import BrandDeclarations
import LiveryCore

extension Region {
    /// Australia, as its shipped pack describes it.
    public static let australia = shipped("AU")
    /// New Zealand, as its shipped pack describes it.
    public static let newZealand = shipped("NZ")
    /// Great Britain, as its shipped pack describes it.
    public static let greatBritain = shipped("GB")

    /// The shipped market with code `code`; a missing or broken pack stops the tests at once.
    public static func shipped(_ code: String) -> Region {
        do throws(DeclarationError) {
            guard let region = try MarketCatalogue.shipped().region(code: code) else {
                preconditionFailure("no shipped market pack has code \(code)")
            }
            return region
        } catch {
            preconditionFailure("the shipped market packs do not read: \(error)")
        }
    }
}
