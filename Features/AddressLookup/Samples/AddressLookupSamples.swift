import LiveryCore

extension AddressLookupFeedback {
    /// The answer `state`'s pending search gets when its service finds
    /// `suggestions`, or `nil` when no search is pending: for previews and
    /// tests that play a lookup without a service.
    public static func searchAnswer(_ suggestions: [AddressSuggestion], for state: AddressLookupState)
        -> AddressLookupFeedback?
    {
        guard let pending = state.pendingSearch else { return nil }
        return AddressLookupFeedback(
            kind: .searched(query: pending.query, generation: pending.generation, .success(suggestions)))
    }

    /// The answer `state`'s pending search gets when its service fails with
    /// `failure`, or `nil` when no search is pending.
    public static func searchFailure(_ failure: AddressLookupError, for state: AddressLookupState)
        -> AddressLookupFeedback?
    {
        guard let pending = state.pendingSearch else { return nil }
        return AddressLookupFeedback(
            kind: .searched(query: pending.query, generation: pending.generation, .failure(failure)))
    }

    /// The answer `state`'s retrieval in flight gets when its service returns
    /// `address`, or `nil` when nothing is being retrieved.
    public static func retrievalAnswer(_ address: PostalAddress, for state: AddressLookupState)
        -> AddressLookupFeedback?
    {
        guard let pending = state.pendingRetrieval else { return nil }
        return AddressLookupFeedback(kind: .retrieved(generation: pending.generation, .success(address)))
    }
}

/// The steps of an address lookup a preview can start from.
public enum AddressLookupSample: String, Hashable, Sendable, CaseIterable {
    /// Nothing typed.
    case empty
    /// A query typed and answered: the suggestion list is open.
    case suggestions
    /// A suggestion chosen and its address retrieved.
    case chosen
    /// The manual form, pre-filled from the chosen address.
    case manual
    /// The search failed: the failure is shown.
    case searchFailed
}

extension AddressLookupState {
    /// A few addresses of `market`, the ones samples show (its pack's samples).
    public static func sampleAddresses(in market: Market) -> [PostalAddress] { market.address.samples }

    /// The lookup of `market` at `sample`'s step, made by playing the lookup
    /// itself with canned answers: no service, no clock, no runtime.
    public static func sample(_ sample: AddressLookupSample, in market: Market) -> AddressLookupState {
        let lookup = AddressLookup(
            market: market, service: SampleAddresses(market: market), clock: EngineClock(VirtualClock()))
        var state = AddressLookupState(market: market)
        guard sample != .empty else { return state }
        lookup.playSearch(&state)
        switch sample {
        case .empty, .suggestions:
            break
        case .searchFailed:
            _ = lookup.send(.typeText(state.searchText + " "), to: &state)
            _ = lookup.send(.submit, to: &state)
            if let failure = AddressLookupFeedback.searchFailure(.unavailable(reason: "HTTP status 503"), for: state) {
                _ = lookup.receive(failure, into: &state)
            }
        case .chosen, .manual:
            lookup.playChoice(&state)
            if sample == .manual { _ = lookup.send(.enterManually, to: &state) }
        }
        return state
    }
}

extension AddressLookup {
    /// Types the sample query and answers it with the market's sample suggestions.
    func playSearch(_ state: inout AddressLookupState) {
        _ = send(.typeText(market.address.sampleSearch), to: &state)
        let suggestions = AddressLookupState.sampleAddresses(in: market).map {
            AddressSuggestion(id: $0.id!, text: $0.singleLine)
        }
        if let answer = AddressLookupFeedback.searchAnswer(suggestions, for: state) {
            _ = receive(answer, into: &state)
        }
    }

    /// Chooses the first suggestion and answers its retrieval.
    func playChoice(_ state: inout AddressLookupState) {
        guard let first = state.suggestions.first,
            let address = AddressLookupState.sampleAddresses(in: market).first(where: { $0.id == first.id })
        else { return }
        _ = send(.select(id: first.id), to: &state)
        if let answer = AddressLookupFeedback.retrievalAnswer(address, for: state) { _ = receive(answer, into: &state) }
    }
}

/// The sample addresses as a service, for samples that are played rather than run.
private struct SampleAddresses: AddressLookupService {
    let market: Market

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        AddressLookupState.sampleAddresses(in: market).prefix(limit).map {
            AddressSuggestion(id: $0.id!, text: $0.singleLine)
        }
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        guard let address = AddressLookupState.sampleAddresses(in: market).first(where: { $0.id == id }) else {
            throw .notFound(id: id)
        }
        return address
    }
}
