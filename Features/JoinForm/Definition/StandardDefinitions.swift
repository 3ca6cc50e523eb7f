import Foundation
import LiveryCore

extension FormDefinition {
    /// The standard join form of `region`, shipped as data (`Resources/join-au.json`,
    /// `Resources/join-nz.json`): personal details on the first page; address,
    /// username, password, deposit limit and marketing consent on the second.
    /// The Australian form requires a deposit-limit decision (declining
    /// counts); in New Zealand the limit is optional.
    ///
    /// A brand replaces it, or amends a copy, through ``JoinFormSettings/definition``.
    /// - Throws: ``DefinitionError`` if the shipped file is missing or does not load.
    public static func standard(for region: Region) throws(DefinitionError) -> FormDefinition {
        // The shipped files cannot change while the process runs, so each is
        // read and decoded once, when its region is first asked for (decoding
        // was most of assembling a runtime; a brand never needs the other region's).
        switch region {
        case .australia: try australian.get()
        case .newZealand: try newZealand.get()
        }
    }

    /// Each region's standard definition, decoded once per process (an immutable value).
    private static let australian = Result { () throws(DefinitionError) in try loadStandard(for: .australia) }
    private static let newZealand = Result { () throws(DefinitionError) in try loadStandard(for: .newZealand) }

    private static func loadStandard(for region: Region) throws(DefinitionError) -> FormDefinition {
        let name = "join-\(region.code.lowercased())"
        guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            throw .malformedJSON(path: "\(name).json", reason: "the standard definition is missing from the module's resources")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .malformedJSON(path: "\(name).json", reason: "unreadable: \(error.localizedDescription)")
        }
        return try load(json: data)
    }
}
