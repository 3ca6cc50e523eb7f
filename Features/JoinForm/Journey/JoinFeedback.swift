import AddressLookupFeature
import LiveryCore

/// The outcome of a join journey's own work, fed back to ``JoinJourney`` by
/// whoever runs its effects. Opaque: only the journey makes and reads it.
public struct JoinFeedback: Sendable {
    enum Kind: Sendable {
        /// An async field check (the username's availability) answered.
        case checked(AsyncCheckOutcome)
        /// The address lookup's own work answered.
        case address(AddressLookupFeedback)
        /// The account service answered the registration.
        case signedUp(Result<CreatedClient, BackendError>)
    }

    let kind: Kind
}
