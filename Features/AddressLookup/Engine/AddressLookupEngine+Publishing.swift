extension AddressLookupEngine {
    /// Every state from now on, in order.
    public func states() -> AsyncStream<AddressLookupState> {
        subscribers.stream()
    }

    /// Hands the current state to every stream, then to the observer. Returns
    /// once the observer has seen this state or a later one. Deliveries to
    /// the observer never overlap, so it sees states in order.
    func publish() async {
        version += 1
        let snapshot = state
        subscribers.yield(snapshot)
        guard let observer else {
            deliveredVersion = version
            return
        }
        let target = version
        while deliveredVersion < target {
            if isDelivering {
                await withCheckedContinuation { deliveryWaiters.append($0) }
                continue
            }
            isDelivering = true
            let latest = state, latestVersion = version
            await observer(latest)
            deliveredVersion = latestVersion
            isDelivering = false
            let waiters = deliveryWaiters
            deliveryWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Waits until the observer has seen the current state.
    func waitForDelivery() async {
        while deliveredVersion < version {
            await withCheckedContinuation { deliveryWaiters.append($0) }
        }
    }
}
