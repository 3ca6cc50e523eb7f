// Written from Core/LiveryCore.docc/TimeAndTheVirtualClock.md (the sample at line 15) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
func core_liverycore_docc_timeandthevirtualclock_md_sample_1() async throws {
    let virtual = VirtualClock()
    let clock = EngineClock(virtual)
    let deadline = clock.deadline(after: .seconds(10))    // fixed now
    let nap = Task { try await clock.sleep(until: deadline) }
    await virtual.advance(by: .seconds(10))
    try await nap.value    // returns whether the task began to sleep before the advance or after it
    print(clock.now)       // 10.0 seconds
}
