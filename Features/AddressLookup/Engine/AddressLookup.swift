import Foundation
import LiveryCore

/// The address lookup's logic: how an ``AddressLookupState`` answers each
/// ``AddressLookupIntent``, and the searches and retrievals it asks for.
///
/// Search as you type: a search starts after the debounce (on the injected
/// clock) once the trimmed text is long enough; return searches at once
/// (a text too short to search as you type is too short for it as well);
/// each keystroke cancels the pending search and any request in flight, and
/// an answer for an older query is never shown (every search carries a
/// generation). Choosing a suggestion fills the text, closes the list and
/// retrieves the full address — the only retrieval. "Enter manually" opens
/// the market's manual form, pre-filled from the chosen address. Clear
/// empties everything: the search, the selection, the manual form and its
/// pre-fill.
///
/// The lookup holds only its dependencies; the state is a value its owner
/// keeps — a stand-alone ``AddressLookupSession``, or the join journey, which
/// runs the lookup inside its own state like a scoped child.
public struct AddressLookup: Sendable {
    /// The market whose addresses are looked up.
    public let market: Market
    let service: any AddressLookupService
    let clock: EngineClock
    let settings: AddressLookupSettings

    static let searchID: EffectID = "search"
    static let retrievalID: EffectID = "retrieve"

    /// A lookup in `market` asking `service`, waiting on `clock`.
    public init(
        market: Market, service: any AddressLookupService, clock: EngineClock,
        settings: AddressLookupSettings = AddressLookupSettings()
    ) {
        self.market = market
        self.service = service
        self.clock = clock
        self.settings = settings
    }

    /// Applies `intent` to `state`; returns the work it asks for.
    public func send(_ intent: AddressLookupIntent, to state: inout AddressLookupState) -> [Effect<
        AddressLookupFeedback
    >] {
        var effects: [Effect<AddressLookupFeedback>] = []
        switch intent {
        case .typeText(let text): typeText(text, &state, &effects)
        case .submit: submit(&state, &effects)
        case .select(let id): select(id, &state, &effects)
        case .enterManually: enterManually(&state, &effects)
        case .backToSearch:
            guard state.mode == .manual else { break }
            state.mode = .search
            state.address = state.retrievedAddress
        case .tapBackground:
            state.isListVisible = false
        case .clear: clear(&state, &effects)
        case .changeManual(let field, let value):
            guard state.manual.contains(field) else { break }
            state.manual.setValue(value, for: field)
            state.isManualEdited = true
            syncManual(&state)
        case .leaveManual(let field):
            state.manual.leave(field)
            syncManual(&state)
        case .validateManual:
            state.manual.validateAll()
            syncManual(&state)
        }
        return effects
    }

    /// Applies the outcome of a search or retrieval this lookup started; an
    /// answer for an older search or retrieval changes nothing.
    public func receive(_ feedback: AddressLookupFeedback, into state: inout AddressLookupState) -> [Effect<
        AddressLookupFeedback
    >] {
        switch feedback.kind {
        case .searched(let query, let generation, let result):
            guard let pending = state.pendingSearch, pending.generation == generation else { break }
            state.pendingSearch = nil
            switch result {
            case .success(let suggestions):
                state.suggestions = suggestions
                state.isListVisible = state.mode == .search && !suggestions.isEmpty
                state.failure = nil
                state.failedOperation = nil
                state.lastAnsweredQuery = query
            case .failure(.cancelled):
                break
            case .failure(let failure):
                state.suggestions = []
                state.isListVisible = false
                state.failure = failure
                state.failedOperation = .search
            }
        case .retrieved(let generation, let result):
            guard let pending = state.pendingRetrieval, pending.generation == generation else { break }
            state.pendingRetrieval = nil
            switch result {
            case .success(let address):
                state.retrievedAddress = address
                state.failure = nil
                state.failedOperation = nil
                if state.mode == .search {
                    state.address = address
                } else if !state.isManualEdited {
                    prefillIfNeeded(&state)
                    syncManual(&state)
                }
            case .failure(.cancelled):
                break
            case .failure(let failure):
                state.failure = failure
                state.failedOperation = .retrieve
            }
        }
        return []
    }

    // MARK: Intents

    private func typeText(
        _ typed: String, _ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]
    ) {
        // The search text takes no more than a query's characters, as a field takes no more than its input limit.
        let text = AddressQuery.limited(typed)
        guard text != state.searchText else { return }
        state.searchText = text
        forgetSelection(&state, &effects)
        let query = Self.query(from: text)
        if isSearchable(query) {
            scheduleSearch(for: query, after: settings.debounce, &state, &effects)
        } else {
            cancelSearch(&state, &effects)
            state.suggestions = []
            state.isListVisible = false
        }
    }

    private func submit(_ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]) {
        let query = Self.query(from: state.searchText)
        // A query too short to search as you type is too short for the return key too.
        guard isSearchable(query) else { return }
        // Already asked:
        if let pending = state.pendingSearch, pending.query == query, pending.deadline <= clock.now { return }
        if state.pendingSearch == nil, query == state.lastAnsweredQuery {  // already answered
            state.isListVisible = !state.suggestions.isEmpty
            return
        }
        scheduleSearch(for: query, after: nil, &state, &effects)
    }

    private func select(
        _ id: String, _ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]
    ) {
        guard let suggestion = state.suggestions.first(where: { $0.id == id }) else { return }
        cancelSearch(&state, &effects)
        forgetSelection(&state, &effects)
        state.searchText = suggestion.text
        state.selectedSuggestion = suggestion
        state.isListVisible = false
        startRetrieval(of: id, &state, &effects)
    }

    private func enterManually(_ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]) {
        guard state.mode != .manual else { return }
        cancelSearch(&state, &effects)
        state.isListVisible = false
        state.mode = .manual
        state.isManualEdited = false
        prefillIfNeeded(&state)
        syncManual(&state)
    }

    /// Back to a new lookup: no search, no selection, a blank manual form
    /// and no pre-fill; work in flight is cancelled and its answers ignored.
    private func clear(_ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]) {
        cancelSearch(&state, &effects)
        cancelRetrieval(&state, &effects)
        var cleared = AddressLookupState(market: state.market)
        cleared.searchGeneration = state.searchGeneration
        cleared.retrievalGeneration = state.retrievalGeneration
        state = cleared
    }

    // MARK: Helpers

    /// Whether `query` is long enough to search (the brand's minimum, never
    /// below `AddressQuery.minimumCharacters`) and within the bounds of a query.
    private func isSearchable(_ query: String) -> Bool {
        AddressQuery.isSearchable(query, minimumLength: settings.minimumQueryLength)
    }

    /// Drops the selection, its retrieval and the retrieved address.
    private func forgetSelection(_ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]) {
        cancelRetrieval(&state, &effects)
        state.selectedSuggestion = nil
        state.retrievedAddress = nil
        if state.mode == .search { state.address = nil }
        if state.failedOperation == .retrieve {
            state.failure = nil
            state.failedOperation = nil
        }
    }

    /// Fills the manual form from the retrieved address, once per address.
    private func prefillIfNeeded(_ state: inout AddressLookupState) {
        guard let retrieved = state.retrievedAddress, retrieved != state.prefilledFrom else { return }
        state.manual.prefill(from: retrieved)
        state.prefilledFrom = retrieved
    }

    /// In manual mode, the address is the one the manual form describes.
    private func syncManual(_ state: inout AddressLookupState) {
        if state.mode == .manual { state.address = state.manual.address }
    }

    /// Starts a search for `query` after `delay` (or at once), replacing any
    /// pending one. The deadline is fixed now, so a test may advance a
    /// virtual clock right after the intent.
    private func scheduleSearch(
        for query: String, after delay: Duration?, _ state: inout AddressLookupState,
        _ effects: inout [Effect<AddressLookupFeedback>]
    ) {
        state.searchGeneration &+= 1
        let generation = state.searchGeneration
        let deadline = delay.map { clock.deadline(after: $0) } ?? clock.now
        state.pendingSearch = AddressLookupState.PendingSearch(query: query, deadline: deadline, generation: generation)
        let service = service
        let market = market
        let limit = settings.suggestionLimit
        effects.append(
            .run(Self.searchID, at: deadline, on: clock) {
                let result: Result<[AddressSuggestion], AddressLookupError>
                do throws(AddressLookupError) {
                    result = .success(try await service.suggestions(for: query, in: market, limit: limit))
                } catch { result = .failure(error) }
                return AddressLookupFeedback(kind: .searched(query: query, generation: generation, result))
            })
    }

    /// Cancels the pending or in-flight search; its answer is never shown.
    private func cancelSearch(_ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]) {
        guard state.pendingSearch != nil else { return }
        state.pendingSearch = nil
        state.searchGeneration &+= 1
        effects.append(.cancel(Self.searchID))
    }

    private func startRetrieval(
        of id: String, _ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]
    ) {
        state.retrievalGeneration &+= 1
        let generation = state.retrievalGeneration
        state.pendingRetrieval = AddressLookupState.PendingRetrieval(suggestionID: id, generation: generation)
        let service = service
        let market = market
        effects.append(
            .run(Self.retrievalID) {
                let result: Result<PostalAddress, AddressLookupError>
                do throws(AddressLookupError) { result = .success(try await service.address(id: id, in: market)) } catch
                {
                    result = .failure(error)
                }
                return AddressLookupFeedback(kind: .retrieved(generation: generation, result))
            })
    }

    /// Cancels a retrieval in flight; its answer is never used.
    private func cancelRetrieval(_ state: inout AddressLookupState, _ effects: inout [Effect<AddressLookupFeedback>]) {
        guard state.pendingRetrieval != nil else { return }
        state.pendingRetrieval = nil
        state.retrievalGeneration &+= 1
        effects.append(.cancel(Self.retrievalID))
    }

    /// The text a search is made for: the search text without surrounding white space.
    public static func query(from text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
