import Foundation
import LiveryCore

extension FormDefinition {
    /// The standard join form of `market`, as its market pack gives it: in the
    /// markets shipped, personal details on the first page; address, username,
    /// password, deposit limit and marketing consent on the second.
    ///
    /// A brand replaces it, or amends a copy, through ``JoinFormSettings/definition``.
    /// - Throws: ``DefinitionError`` if the pack's form does not load.
    public static func standard(for market: Market) throws(DefinitionError) -> FormDefinition {
        // A pack cannot change while the process runs: its form is decoded
        // once, when its market is first asked for.
        try decodedStandards.value(for: market) { () throws(DefinitionError) in
            try load(json: market.standardJoinForm)
        }
    }

    private static let decodedStandards = MadeOnce<Market, FormDefinition>(limit: 16)
}
