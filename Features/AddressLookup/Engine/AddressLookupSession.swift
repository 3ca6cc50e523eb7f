import LiveryCore

/// A stand-alone address lookup: the ``AddressLookup`` logic with its own
/// ``AddressLookupState``, for a head that shows an address field on its own.
/// (The join form runs the lookup inside its own state instead.)
public struct AddressLookupSession: StateMachine {
    /// The logic and its services.
    public let lookup: AddressLookup
    /// The lookup's state.
    public private(set) var state: AddressLookupState

    /// A new, empty lookup.
    public init(_ lookup: AddressLookup) {
        self.lookup = lookup
        state = AddressLookupState(market: lookup.market)
    }

    /// Applies `intent`.
    public mutating func send(_ intent: AddressLookupIntent) -> [Effect<AddressLookupFeedback>] {
        lookup.send(intent, to: &state)
    }

    /// Applies the outcome of a search or retrieval.
    public mutating func receive(_ feedback: AddressLookupFeedback) -> [Effect<AddressLookupFeedback>] {
        lookup.receive(feedback, into: &state)
    }
}

/// What a head holds for a stand-alone address field: state read
/// synchronously, intents applied in order, searches and retrievals run on
/// the main actor's behalf (see `Store`).
public typealias AddressLookupStore = Store<AddressLookupSession>
