import AddressLookupFeature
import Foundation

/// Hands the address engine's states to the journey that owns the engine,
/// without the engine keeping the journey alive.
final class AddressRelay: @unchecked Sendable {
    // @unchecked: `journey` is only read and written under `lock`.
    private let lock = NSLock()
    private weak var journey: JoinJourney?

    /// Delivers later states to `journey`.
    func attach(_ journey: JoinJourney) {
        lock.withLock { self.journey = journey }
    }

    /// Passes `state` to the journey, if it still exists.
    func deliver(_ state: AddressLookupState) async {
        let journey = lock.withLock { self.journey }
        await journey?.mirrorAddress(state)
    }
}
