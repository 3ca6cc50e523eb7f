import Foundation
import LiveryCore

extension FormDefinition {
    /// The standard join form of `region`, as its market pack gives it: in the
    /// markets shipped, personal details on the first page; address, username,
    /// password, deposit limit and marketing consent on the second.
    ///
    /// A brand replaces it, or amends a copy, through ``JoinFormSettings/definition``.
    /// - Throws: ``DefinitionError`` if the pack's form does not load.
    public static func standard(for region: Region) throws(DefinitionError) -> FormDefinition {
        // A pack cannot change while the process runs: its form is decoded
        // once, when its region is first asked for.
        try decodedStandards.value(for: region) { () throws(DefinitionError) in
            try load(json: region.standardJoinForm)
        }
    }

    private static let decodedStandards = MadeOnce<Region, FormDefinition>(limit: 16)
}
