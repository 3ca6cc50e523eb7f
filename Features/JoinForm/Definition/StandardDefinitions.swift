import Foundation
import LiveryCore

extension FormDefinition {
    /// The standard join form of `region`: personal details on the first
    /// page; address, username, password, deposit limit and marketing consent
    /// on the second. Australia's is shipped as data (`Resources/join-au.json`)
    /// and requires a deposit-limit decision (declining counts); New Zealand's
    /// is Australia's amended in its one difference, an optional deposit limit.
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
    private static let australian = Result { () throws(DefinitionError) in try loadAustralian() }
    private static let newZealand = Result { () throws(DefinitionError) in try newZealand(from: australian.get()) }

    /// Australia's form with the deposit limit optional, in the same place.
    static func newZealand(from australian: FormDefinition) throws(DefinitionError) -> FormDefinition {
        let name: FieldName = "depositLimit"
        guard var limit = australian.field(name),
            let index = australian.fields.firstIndex(where: { $0.name == name }), index > 0
        else {
            throw .malformedJSON(
                path: "join-au.json", reason: "the standard form has no deposit limit to make optional")
        }
        limit.validate.mandatory = false
        return try australian.amended(by: [.remove([name]), .add(limit, after: australian.fields[index - 1].name)])
    }

    private static func loadAustralian() throws(DefinitionError) -> FormDefinition {
        let name = "join-au"
        guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            throw .malformedJSON(
                path: "\(name).json", reason: "the standard definition is missing from the module's resources")
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
