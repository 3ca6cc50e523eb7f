import Foundation
import LiveryCore
import LiveryTesting

/// An address service whose answers the test releases, for in-flight,
/// cancellation and out-of-order tests. It records every request and every
/// cancellation. When `honoursCancellation` is false it behaves like a slow
/// server whose answer arrives anyway.
final class GatedAddressService: AddressLookupService, Sendable {
    private struct Pending: Sendable {
        let serial: Int
        let key: String
        var continuation: CheckedContinuation<Result<any Sendable, AddressLookupError>, Never>?
        var cancelled = false
    }

    private struct State {
        var pending: [Pending] = []
        var serial = 0
        var requestLog: [String] = []
        var cancelledLog: [String] = []
    }

    private let state = Locked(State())
    private let honoursCancellation: Bool
    private let arrivals = Arrivals()

    init(honoursCancellation: Bool = true) { self.honoursCancellation = honoursCancellation }

    /// Every request so far: `search:<query>` or `retrieve:<id>`.
    var requests: [String] { state.withLock { $0.requestLog } }
    /// The searched queries, in order.
    var queries: [String] { requests.compactMap { $0.hasPrefix("search:") ? String($0.dropFirst(7)) : nil } }
    /// The requests whose task was cancelled while waiting.
    var cancelled: [String] { state.withLock { $0.cancelledLog } }

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        try await wait(for: "search:\(query)").get() as! [AddressSuggestion]
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        try await wait(for: "retrieve:\(id)").get() as! PostalAddress
    }

    /// Answers the oldest waiting search for `query`.
    func answer(_ query: String, with suggestions: [AddressSuggestion]) {
        release("search:\(query)", .success(suggestions))
    }
    /// Fails the oldest waiting search for `query`.
    func fail(_ query: String, with error: AddressLookupError) { release("search:\(query)", .failure(error)) }
    /// Answers the oldest waiting retrieval of `id`.
    func answer(id: String, with address: PostalAddress) { release("retrieve:\(id)", .success(address)) }
    /// Fails the oldest waiting retrieval of `id`.
    func fail(id: String, with error: AddressLookupError) { release("retrieve:\(id)", .failure(error)) }

    /// Returns once `count` requests have arrived.
    func waitForRequests(_ count: Int) async {
        await arrivals.wait(for: count)
    }

    private func wait(for key: String) async -> Result<any Sendable, AddressLookupError> {
        let number: Int = state.withLock { state in
            state.serial += 1
            state.requestLog.append(key)
            state.pending.append(Pending(serial: state.serial, key: key))
            return state.serial
        }
        arrivals.arrive()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early: Bool = state.withLock { state in
                    guard let index = state.pending.firstIndex(where: { $0.serial == number }) else { return false }
                    if state.pending[index].cancelled && honoursCancellation {
                        state.pending.remove(at: index)
                        return true
                    }
                    state.pending[index].continuation = continuation
                    return false
                }
                if early { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Result<any Sendable, AddressLookupError>, Never>? = state.withLock {
                state in
                state.cancelledLog.append(key)
                guard let index = state.pending.firstIndex(where: { $0.serial == number }) else { return nil }
                state.pending[index].cancelled = true
                guard honoursCancellation, let continuation = state.pending[index].continuation else { return nil }
                state.pending.remove(at: index)
                return continuation
            }
            continuation?.resume(returning: .failure(.cancelled))
        }
    }

    private func release(_ key: String, _ result: Result<any Sendable, AddressLookupError>) {
        let continuation: CheckedContinuation<Result<any Sendable, AddressLookupError>, Never>? = state.withLock {
            state in
            guard let index = state.pending.firstIndex(where: { $0.key == key && $0.continuation != nil }) else {
                return nil
            }
            return state.pending.remove(at: index).continuation
        }
        precondition(continuation != nil, "no request waiting for \(key)")
        continuation?.resume(returning: result)
    }
}
