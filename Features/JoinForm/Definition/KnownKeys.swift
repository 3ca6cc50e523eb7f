import LiveryCore

/// Rejects keys a definition object does not know, so a misspelt key (say
/// `mandatroy`) is an error naming the place instead of a silently ignored setting.
enum KnownKeys {
    /// Throws ``DefinitionError/unknownKey(_:in:suggestion:known:)`` for the
    /// first key of `decoder`'s object that is not in `known`.
    static func check(_ decoder: any Decoder, known: [String], place: String) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys.map(\.stringValue).sorted() where !known.contains(key) {
            throw DefinitionError.unknownKey(
                key, in: place, suggestion: NameSuggestion.closest(to: key, in: known), known: known)
        }
    }
}
