// Written from Core/LiveryCore.docc/TimeAndTheVirtualClock.md (the sample at line 48) by DocumentationSampleTests: edit the markdown,
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
func core_liverycore_docc_timeandthevirtualclock_md_sample_2() async throws {
    let virtual = VirtualClock()
    let wallClock = virtual.wallClock()           // the Gregorian calendar in UTC
    print(wallClock.today)                        // 2026-01-01
    await virtual.advance(by: .seconds(36 * 60 * 60))
    print(wallClock.today)                        // 2026-01-02

    let adult = MinimumAgeRule(years: 18, clock: wallClock)
    let born = CalendarDay(year: 2008, month: 1, day: 2)
    print(born.map { adult.check($0, in: .standalone) == nil } ?? false)   // true: 18 on their birthday
}
