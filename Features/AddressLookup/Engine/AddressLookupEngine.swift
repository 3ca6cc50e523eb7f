import Foundation
import LiveryCore

/// The headless address lookup (SPEC A1–A5): search as you type with a
/// debounce on the injected clock, a suggestion list, retrieval of the chosen
/// address, and a manual address form per region.
///
/// Send intents with ``send(_:)``; read ``state``, observe ``states()`` or
/// pass an `observer`. Each keystroke cancels the pending debounce and any
/// request in flight, and an answer for an older query is never shown (every
/// search carries a generation). The full address is retrieved only when a
/// suggestion is chosen.
///
/// The `observer` is awaited on every state change, in order: after
/// ``send(_:)`` returns, and before ``settle()`` returns, it has seen the
/// latest state. While it is busy, intermediate states may be coalesced into
/// the latest one; ``states()`` streams get every state.
public actor AddressLookupEngine {
    /// The current state.
    public internal(set) var state: AddressLookupState

    let service: any AddressLookupService
    let clock: EngineClock
    let settings: AddressLookupSettings
    let observer: (@Sendable (AddressLookupState) async -> Void)?

    var manual: ManualAddressForm
    /// The address retrieved for the selection (the search mode's address).
    var retrieved: PostalAddress?
    /// The address the manual form was last filled from.
    var prefilledFrom: PostalAddress?
    /// Whether the user changed a manual field since entering manual mode.
    var manualEdited = false

    var searchGeneration: UInt64 = 0
    var search: SearchWork?
    var lastAnsweredQuery: String?
    var retrievalGeneration: UInt64 = 0
    var retrieval: (id: UInt64, task: Task<Void, Never>)?
    /// Cancelled tasks whose service has not returned yet.
    var orphans: [UInt64: Task<Void, Never>] = [:]
    var nextWorkID: UInt64 = 0

    let subscribers = Broadcast<AddressLookupState>()
    var version = 0
    var deliveredVersion = 0
    var isDelivering = false
    var deliveryWaiters: [CheckedContinuation<Void, Never>] = []

    /// An engine for `region` that looks addresses up with `service` and
    /// waits on `clock`.
    ///
    /// - Parameter observer: Awaited with the new state on every change (see the type's documentation).
    public init(region: Region, service: any AddressLookupService, clock: EngineClock,
                settings: AddressLookupSettings = AddressLookupSettings(),
                observer: (@Sendable (AddressLookupState) async -> Void)? = nil) {
        self.service = service
        self.clock = clock
        self.settings = settings
        self.observer = observer
        manual = ManualAddressForm(region: region)
        state = .initial(in: region)
    }

    /// Applies an intent; returns when the state reflects it (and the
    /// observer has seen it). Does not wait for the search or retrieval it starts.
    public func send(_ intent: AddressLookupIntent) async {
        let before = state
        apply(intent)
        if state != before { await publish() }
    }

    private func apply(_ intent: AddressLookupIntent) {
        switch intent {
        case .typeText(let text): typeText(text)
        case .submit: submit()
        case .select(let id): select(id: id)
        case .enterManually: enterManually()
        case .backToSearch:
            guard state.mode == .manual else { return }
            state.mode = .search
            state.address = retrieved
        case .tapBackground:
            state.isListVisible = false
        case .clear: clear()
        case .changeManual(let field, let value):
            guard manual.contains(field) else { return }
            manual.setValue(value, for: field)
            manualEdited = true
            syncManual()
        case .leaveManual(let field):
            manual.leave(field)
            syncManual()
        case .validateManual:
            manual.validateAll()
            syncManual()
        }
    }

    private func typeText(_ text: String) {
        guard text != state.searchText else { return }
        state.searchText = text
        forgetSelection()
        let query = Self.query(from: text)
        if query.count >= settings.minimumQueryLength {
            scheduleSearch(for: query, after: settings.debounce)
        } else {
            cancelSearch()
            state.suggestions = []
            state.isListVisible = false
        }
    }

    private func submit() {
        let query = Self.query(from: state.searchText)
        guard !query.isEmpty else { return }
        if let search, search.query == query, search.deadline <= clock.now { return } // already asked
        if search == nil, query == lastAnsweredQuery {                                // already answered
            state.isListVisible = !state.suggestions.isEmpty
            return
        }
        scheduleSearch(for: query, after: nil)
    }

    private func select(id: String) {
        guard let suggestion = state.suggestions.first(where: { $0.id == id }) else { return }
        cancelSearch()
        forgetSelection()
        state.searchText = suggestion.text
        state.selectedSuggestion = suggestion
        state.isListVisible = false
        startRetrieval(of: id)
    }

    private func enterManually() {
        guard state.mode != .manual else { return }
        cancelSearch()
        state.isListVisible = false
        state.mode = .manual
        manualEdited = false
        prefillIfNeeded()
        syncManual()
    }

    private func clear() {
        cancelSearch()
        forgetSelection()
        state.searchText = ""
        state.suggestions = []
        state.isListVisible = false
        state.failure = nil
        state.failedOperation = nil
        lastAnsweredQuery = nil
    }

    /// Drops the selection, its retrieval and the retrieved address.
    private func forgetSelection() {
        cancelRetrieval()
        state.selectedSuggestion = nil
        retrieved = nil
        if state.mode == .search { state.address = nil }
        if state.failedOperation == .retrieve {
            state.failure = nil
            state.failedOperation = nil
        }
    }

    /// Fills the manual form from the retrieved address, once per address.
    func prefillIfNeeded() {
        guard let retrieved, retrieved != prefilledFrom else { return }
        manual.prefill(from: retrieved)
        prefilledFrom = retrieved
    }

    /// Copies the manual form into the state.
    func syncManual() {
        state.manualFields = manual.states
        if state.mode == .manual { state.address = manual.address }
    }

    /// The text a search is made for: the search text without surrounding white space.
    static func query(from text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
