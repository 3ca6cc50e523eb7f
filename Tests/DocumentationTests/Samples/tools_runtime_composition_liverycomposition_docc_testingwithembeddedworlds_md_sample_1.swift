// Written from Tools/Runtime/Composition/LiveryComposition.docc/TestingWithEmbeddedWorlds.md (the sample at line 39) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import Testing
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

@Suite("An app on an embedded world")
@MainActor
struct CompositionTestingGuideTests {
    @Test func badEmailIsMarkedAsItLosesFocus() async throws {
        let world = EmbeddedWorld()
        let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime
        let join = try runtime.joinForm()
        join.send(.focus(.field("email")))
        join.send(.change(.field("email"), "not an email"))
        join.send(.next)
        #expect(join.state.field("email")?.status.kind == .invalid)
        #expect(!world.analytics.events.isEmpty)
    }

    @Test func addressSearchWaitsForItsDebounce() async throws {
        let world = EmbeddedWorld()
        let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime
        let lookup = runtime.addressLookup()
        lookup.send(.typeText(runtime.market.address.sampleSearch))
        await lookup.settle()
        #expect(world.calls.count(of: .addressSearch) == 0, "the search waits for the debounce")
        await world.clock.advance(by: .milliseconds(300))
        #expect(world.calls.count(of: .addressSearch) == 1)
        #expect(!lookup.state.suggestions.isEmpty)
    }

    @Test func usernameServiceDown() async throws {
        let world = EmbeddedWorld(faults: try FaultPlan.parse(faults: ["check-username=500"]))
        let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime
        await #expect(throws: BackendError.self) {
            try await runtime.services.backend.checkUsername("alex_c", for: runtime.manifest.id)
        }
        #expect(world.calls.count(of: .checkUsername) == 1)
    }
}
