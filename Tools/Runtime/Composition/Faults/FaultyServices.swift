import LiveryCore

/// What a fault does to one call of an embedded service, waiting on the
/// world's virtual clock as the HTTP client would on the wall clock: the
/// added latency, then the failure; a call whose latency reaches the
/// client's time-out is carried out (the server did the work) but its
/// answer comes too late.
struct FaultedCall: Sendable {
    let faults: FaultSwitch
    let clock: EngineClock
    /// The app's client's time-out and retries, as the HTTP client keeps them.
    let retry: RetryBudget

    /// How a call of `route` ends before reaching the service, if it does.
    enum Interruption: Error {
        case status(Int)
        case timedOut
    }

    /// Runs `call` under the faults of `route`, giving up after the client's time-out.
    func run<Answer: Sendable>(_ route: ServiceRoute, _ call: () async throws -> Answer) async throws -> Answer {
        let timeout = retry.timeout
        let (latency, failure) = faults.draw(route)
        switch failure {
        case .timeout?:
            try await clock.sleep(for: timeout)
            throw Interruption.timedOut
        case .status(let status)?:
            if let latency { try await clock.sleep(for: min(latency, timeout)) }
            if let latency, latency >= timeout { throw Interruption.timedOut }
            throw Interruption.status(status)
        case nil:
            guard let latency else { return try await call() }
            if latency >= timeout {
                _ = try? await call()
                try await clock.sleep(for: timeout)
                throw Interruption.timedOut
            }
            try await clock.sleep(for: latency)
            return try await call()
        }
    }
}

/// The embedded account service under the world's faults (`check-username`, `create-client`).
struct FaultyAccountBackend: AccountBackend {
    let base: any AccountBackend
    let call: FaultedCall

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        try await guarded(.checkUsername) { try await base.checkUsername(username, for: brand) }
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        try await guarded(.createClient) { try await base.createClient(registration) }
    }

    private func guarded<Answer: Sendable>(
        _ route: ServiceRoute,
        _ body: () async throws -> Answer
    ) async throws(BackendError) -> Answer {
        do {
            return try await call.run(route) { try await body() }
        } catch let error as BackendError {
            throw error
        } catch FaultedCall.Interruption.timedOut {
            throw .timedOut
        } catch FaultedCall.Interruption.status(let status) {
            throw status == 408 || status == 504
                ? .timedOut : .unavailable(reason: "\(route): HTTP \(status) fault.injected")
        } catch {
            throw .unavailable(reason: "\(route): cancelled")
        }
    }
}

/// The embedded address service under the world's faults (`address`).
struct FaultyAddressLookup: AddressLookupService {
    let base: any AddressLookupService
    let call: FaultedCall

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        try await guarded { try await base.suggestions(for: query, in: market, limit: limit) }
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        try await guarded { try await base.address(id: id, in: market) }
    }

    private func guarded<Answer: Sendable>(_ body: () async throws -> Answer) async throws(AddressLookupError) -> Answer
    {
        do {
            return try await call.run(.address) { try await body() }
        } catch let error as AddressLookupError {
            throw error
        } catch FaultedCall.Interruption.timedOut {
            throw .timedOut
        } catch FaultedCall.Interruption.status(let status) {
            throw status == 408 || status == 504 ? .timedOut : .unavailable(reason: "HTTP status \(status)")
        } catch {
            throw .cancelled
        }
    }
}

/// The app's client's way with create-client, in process: sent again after a
/// time-out, with the same idempotency key (so a repeat is harmless), inside
/// the retry budget on the world's clock — as ``LiveryCore/JSONClient`` does over HTTP.
struct RepeatingAccountBackend: AccountBackend {
    let base: any AccountBackend
    let retry: RetryBudget
    let clock: EngineClock

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        try await retry.run(
            now: { clock.now },
            attempt: { (_) throws(BackendError) in
                try await base.createClient(registration)
            },
            timedOut: { outcome in
                if case .failure(.timedOut) = outcome { return true }
                return false
            })
    }
}
