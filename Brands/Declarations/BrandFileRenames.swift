import Foundation
import LiveryCore

/// The names a brand file used to spell differently, still read under their
/// new names, and the notes that tell a brand team to rename them.
///
/// A brand file written before the market was called a market says
/// `"region": "AU"` and may word a rule's message with `{region}`; both read
/// as `market` and `{market}`, and `livery doctor` notes each one.
enum BrandFileRenames {
    /// Top-level keys by their old names.
    static let keys = ["region": "market"]
    /// Message placeholders by their old names (braces included).
    static let placeholders = ["{region}": "{market}"]

    /// `document` with every old top-level key under its new name.
    /// - Throws: ``DeclarationError`` when a file gives both the old and the new name.
    static func current(_ document: JSONValue, file: String) throws(DeclarationError) -> JSONValue {
        guard case .object(let members) = document else { return document }
        let given = Set(members.map(\.key))
        for (old, new) in keys where given.contains(old) && given.contains(new) {
            throw DeclarationError(
                file: file, path: old, message: "'\(old)' is the old name of '\(new)': give '\(new)' only")
        }
        return .object(members.map { (keys[$0.key] ?? $0.key, $0.value) })
    }

    /// `template` with every old placeholder under its new name.
    static func currentPlaceholders(in template: String) -> String {
        guard template.contains("{") else { return template }
        return placeholders.reduce(template) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    /// A note for each old name `document` uses, with the key path it stands at.
    static func notes(in document: JSONValue) -> [String] {
        guard case .object(let members) = document else { return [] }
        var notes: [String] = []
        for member in members {
            if let new = keys[member.key] {
                notes.append("\(member.key): '\(member.key)' is now '\(new)' (still read; rename the key)")
            }
            guard member.key == "messages", case .object(let messages) = member.value else { continue }
            for message in messages {
                guard case .string(let text) = message.value else { continue }
                for (old, new) in placeholders where text.contains(old) {
                    notes.append("messages.\(message.key): \(old) is now \(new) (still read; rename the placeholder)")
                }
            }
        }
        return notes
    }
}

extension BrandDefinition {
    /// Notes on the old names a brand file's JSON still uses (such as
    /// `region` for `market`), each starting with its key path; empty for a
    /// current file or one that does not parse (``read(json:file:folder:markets:)``
    /// reports that).
    public static func renameNotes(json data: Data) -> [String] {
        guard
            let document = try? DeclarationDocument.parse(
                data, file: "", kind: "brand file", maximumSize: maximumFileSize, maximumNesting: maximumNesting)
        else { return [] }
        return BrandFileRenames.notes(in: document)
    }
}
