import LiveryCore

/// Everything about one address lookup, as one value: the search field and
/// its suggestion list, the chosen address and its retrieval, the manual
/// address form and where it was pre-filled from, and what is in flight.
/// Nothing about a lookup lives outside it, so what a head shows is what a
/// form submits. ``AddressLookup`` changes it; a parent (the join journey)
/// keeps it inside its own state.
public struct AddressLookupState: Hashable, Sendable {
    /// Whether the person searches or types the address in by hand.
    public enum Mode: Hashable, Sendable {
        /// The search field with its suggestion list.
        case search
        /// The manual address form.
        case manual
    }

    /// Which step of a lookup failed.
    public enum Operation: Hashable, Sendable {
        /// Finding suggestions for the search text.
        case search
        /// Retrieving the full address of the chosen suggestion.
        case retrieve
    }

    /// A search waiting for its debounce or in flight.
    struct PendingSearch: Hashable, Sendable {
        let query: String
        /// The elapsed time on the lookup's clock at which the request is (or was) sent.
        let deadline: Duration
        let generation: UInt64
    }

    /// A retrieval in flight.
    struct PendingRetrieval: Hashable, Sendable {
        let suggestionID: String
        let generation: UInt64
    }

    /// The market whose addresses are looked up and whose manual form is shown.
    public let market: Market
    /// Search or manual entry.
    public internal(set) var mode: Mode = .search
    /// The text in the search field.
    public internal(set) var searchText = ""
    /// The suggestions for the last answered search, best first.
    public internal(set) var suggestions: [AddressSuggestion] = []
    /// Whether the suggestion list is open.
    public internal(set) var isListVisible = false
    /// The suggestion the person chose, if any.
    public internal(set) var selectedSuggestion: AddressSuggestion?
    /// The address retrieved for the chosen suggestion; kept while the manual
    /// form is shown, so going back to search restores it.
    public internal(set) var retrievedAddress: PostalAddress?
    /// The address the form submits: the retrieved one (search mode), or the
    /// one a valid manual form describes (manual mode); `nil` otherwise.
    public internal(set) var address: PostalAddress?
    /// The last search or retrieval failure to show; cleared by the next
    /// successful one.
    public internal(set) var failure: AddressLookupError?
    /// Which step ``failure`` came from.
    public internal(set) var failedOperation: Operation?
    /// The address the manual form was last filled from, if any.
    public internal(set) var prefilledFrom: PostalAddress?
    /// Whether the person changed a manual field since opening the manual form
    /// (a retrieval that lands afterwards then leaves the form alone).
    public internal(set) var isManualEdited = false

    var manual: ManualAddressForm
    var pendingSearch: PendingSearch?
    var pendingRetrieval: PendingRetrieval?
    var lastAnsweredQuery: String?
    var searchGeneration: UInt64 = 0
    var retrievalGeneration: UInt64 = 0

    /// An empty lookup in `market`: search mode, no text, and a blank manual
    /// form whose optional children start valid.
    public init(market: Market) {
        self.market = market
        manual = ManualAddressForm(market: market)
    }

    /// The state of a new lookup in `market`.
    public static func initial(in market: Market) -> AddressLookupState {
        AddressLookupState(market: market)
    }

    /// The query of the search waiting for its debounce or in flight, if any.
    public var pendingQuery: String? { pendingSearch?.query }

    /// Whether a search is waiting for its debounce or in flight.
    public var isSearching: Bool { pendingSearch != nil }

    /// Whether the chosen suggestion's full address is being retrieved.
    public var isRetrieving: Bool { pendingRetrieval != nil }

    /// The manual form's children, in `AddressPart/fields(in:)` order.
    public var manualFields: [ManualAddressFieldState] { manual.states }

    /// The parent field's validity: a composite field is valid only when
    /// every child present is.
    ///
    /// Search mode: `FieldStatus/valid` when an address was retrieved,
    /// `FieldStatus/error(_:)` when retrieval failed, otherwise
    /// `FieldStatus/unknown`. Manual mode: valid when every child is valid,
    /// `FieldStatus/invalid(_:)` with the first invalid child's violations
    /// when any is invalid, otherwise unknown.
    public var status: FieldStatus {
        switch mode {
        case .search:
            if address != nil { return .valid }
            if failedOperation == .retrieve, let failure { return .error(FieldFailure(reason: failure.description)) }
            return .unknown
        case .manual:
            return manual.status
        }
    }

    /// The state of the manual child `field`, or `nil` when the market's form has no such field.
    public func manualField(_ field: AddressPart) -> ManualAddressFieldState? {
        manualFields.first { $0.field == field }
    }
}
