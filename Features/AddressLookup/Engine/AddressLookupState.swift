import LiveryCore

/// Everything a head needs to draw the address lookup: the search field and
/// its suggestion list, the chosen address, and the manual address form.
public struct AddressLookupState: Hashable, Sendable {
    /// Whether the user searches or types the address in by hand.
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

    /// The region whose addresses are looked up and whose manual form is shown.
    public var region: Region
    /// Search or manual entry.
    public var mode: Mode
    /// The text in the search field.
    public var searchText: String
    /// The suggestions for the last answered search, best first.
    public var suggestions: [AddressSuggestion]
    /// Whether the suggestion list is open.
    public var isListVisible: Bool
    /// Whether a search is waiting for its debounce or in flight.
    public var isSearching: Bool
    /// The suggestion the user chose, if any.
    public var selectedSuggestion: AddressSuggestion?
    /// Whether the chosen suggestion's full address is being retrieved.
    public var isRetrieving: Bool
    /// The address: retrieved after a selection (search mode), or built from
    /// a valid manual form (manual mode).
    public var address: PostalAddress?
    /// The last search or retrieval failure to show; cleared by the next
    /// successful one.
    public var failure: AddressLookupError?
    /// Which step ``failure`` came from.
    public var failedOperation: Operation?
    /// The manual form's children, always present, in
    /// ``ManualAddressField/fields(in:)`` order.
    public var manualFields: [ManualAddressFieldState]

    /// An empty lookup in search mode.
    public init(region: Region, manualFields: [ManualAddressFieldState]) {
        self.region = region
        mode = .search
        searchText = ""
        suggestions = []
        isListVisible = false
        isSearching = false
        selectedSuggestion = nil
        isRetrieving = false
        address = nil
        failure = nil
        failedOperation = nil
        self.manualFields = manualFields
    }

    /// The state of a new lookup in `region`: empty search, and a blank
    /// manual form whose optional children start valid.
    public static func initial(in region: Region) -> AddressLookupState {
        AddressLookupState(region: region, manualFields: ManualAddressForm(region: region).states)
    }

    /// The parent field's validity (SPEC J10).
    ///
    /// Search mode: ``FieldStatus/valid`` when an address was retrieved,
    /// ``FieldStatus/error(_:)`` when retrieval failed, otherwise
    /// ``FieldStatus/unknown``. Manual mode: valid when every child is valid,
    /// ``FieldStatus/invalid(_:)`` with the first invalid child's violations
    /// when any is invalid, otherwise unknown.
    public var status: FieldStatus {
        switch mode {
        case .search:
            if address != nil { return .valid }
            if failedOperation == .retrieve, let failure { return .error(FieldFailure(reason: failure.description)) }
            return .unknown
        case .manual:
            for child in manualFields {
                if case .invalid(let violations) = child.status { return .invalid(violations) }
            }
            if let failed = manualFields.first(where: { $0.status.kind == .error }) { return failed.status }
            return manualFields.allSatisfy(\.status.isValid) ? .valid : .unknown
        }
    }

    /// The state of the manual child `field`, or `nil` when the region's form has no such field.
    public func manualField(_ field: ManualAddressField) -> ManualAddressFieldState? {
        manualFields.first { $0.field == field }
    }
}
