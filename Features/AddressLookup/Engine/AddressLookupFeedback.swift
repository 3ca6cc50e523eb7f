import LiveryCore

/// The outcome of an address lookup's own work, fed back to ``AddressLookup``
/// by whoever runs its effects. Opaque: only the lookup makes and reads it.
public struct AddressLookupFeedback: Sendable {
    enum Kind: Sendable {
        /// A search answered (or failed) for `query`, started as `generation`.
        case searched(query: String, generation: UInt64, Result<[AddressSuggestion], AddressLookupError>)
        /// A retrieval answered (or failed), started as `generation`.
        case retrieved(generation: UInt64, Result<PostalAddress, AddressLookupError>)
    }

    let kind: Kind
}
