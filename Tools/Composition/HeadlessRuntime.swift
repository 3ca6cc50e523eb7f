import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// One brand's runtime on embedded services, with the handles a headless run
/// (a scenario, a test, a demo) drives: the virtual clock, the flags, the
/// signed-in session, the betslip, the recorded analytics and the embedded
/// account and address services.
public struct HeadlessRuntime: Sendable {
    /// The assembled runtime: its engines come from `joinForm()`, `appBar()`, `addressLookup()`.
    public let runtime: Runtime
    /// The clock every engine waits on; advance it to let debounces and delays pass.
    public let clock: VirtualClock
    /// The feature flags, starting from the brand's defaults.
    public let flags: FeatureFlagStore
    /// The client session the app bar reads (signed out at start).
    public let session: EmbeddedClientDetails
    /// The betslip count the app bar reads (zero at start).
    public let betslip: EmbeddedBetslipCount
    /// Every analytics event, as the brand's sinks would receive it.
    public let analytics: RecordingDestination
    /// The account service the runtime uses (embedded, or a server), with a
    /// ledger of the clients it created.
    public let accounts: ClientLedger
    /// The address service, counting the requests it receives.
    public let addresses: CountingAddressLookupService

    /// The brand's join journey.
    public func joinForm() throws(DefinitionError) -> JoinJourney { try runtime.joinForm() }

    /// The brand's app bar.
    public func appBar(options: AppBarOptions = AppBarOptions()) -> AppBar { runtime.appBar(options: options) }

    /// A stand-alone address lookup for the brand's region.
    public func addressLookup() -> AddressLookupEngine { runtime.addressLookup() }
}
