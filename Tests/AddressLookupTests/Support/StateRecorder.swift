import AddressLookupFeature

/// Keeps every state an engine's observer is given.
actor StateRecorder {
    private(set) var states: [AddressLookupState] = []

    func record(_ state: AddressLookupState) { states.append(state) }

    /// An observer that records into this recorder.
    nonisolated var observer: @Sendable (AddressLookupState) async -> Void {
        { [self] state in await record(state) }
    }
}
