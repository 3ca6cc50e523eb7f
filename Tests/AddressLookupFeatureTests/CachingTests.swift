import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

@Suite("Caching and counting requests")
@MainActor
struct CachingTests {
    private struct Setup {
        let clock = VirtualClock()
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let cache: CachingAddressLookupService

        init(timeToLive: Duration = .seconds(60)) {
            cache = CachingAddressLookupService(wrapping: counter, clock: EngineClock(clock), timeToLive: timeToLive)
        }
    }

    @Test("an exact repeat within the time to live makes no new request")
    func repeatWithinTTL() async throws {
        let setup = Setup()
        let first = try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 8)
        await setup.clock.advance(by: .seconds(59))
        let second = try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 8)
        #expect(first == second)
        #expect(setup.counter.searchCount == 1)
    }

    @Test("a query too short to search, once trimmed, never reaches the service behind the cache")
    func shortQueriesAreNotAsked() async throws {
        let setup = Setup()
        for query in ["", "1", "12a", "  12a \n"] {
            #expect(try await setup.cache.suggestions(for: query, in: .australia, limit: 8) == [])
        }
        #expect(try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 0) == [])
        #expect(setup.counter.searchCount == 0)
        #expect(try await setup.cache.suggestions(for: "12 s", in: .australia, limit: 8).isEmpty == false)
        #expect(setup.counter.searchCount == 1)
    }

    @Test("a repeat after the time to live makes a new request")
    func repeatAfterTTL() async throws {
        let setup = Setup()
        _ = try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 8)
        await setup.clock.advance(by: .seconds(60))
        _ = try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 8)
        #expect(setup.counter.searchCount == 2)
    }

    @Test("a longer query is never answered from a shorter query's capped results")
    func longerQueryAsksAgain() async throws {
        let setup = Setup()
        _ = try await setup.cache.suggestions(for: "12 smi", in: .australia, limit: 1)
        let longer = try await setup.cache.suggestions(for: "12 smith street", in: .australia, limit: 1)
        #expect(setup.counter.counts.queries == ["12 smi", "12 smith street"])
        #expect(longer.map(\.id) == ["au-1"])
    }

    @Test("another market or limit is another request")
    func keyIncludesMarketAndLimit() async throws {
        let setup = Setup()
        _ = try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 8)
        _ = try await setup.cache.suggestions(for: "12 smith", in: .newZealand, limit: 8)
        _ = try await setup.cache.suggestions(for: "12 smith", in: .australia, limit: 5)
        #expect(setup.counter.searchCount == 3)
    }

    @Test("a retrieved address is reused for the same id, a failure is not")
    func retrievalsCached() async throws {
        let setup = Setup()
        _ = try await setup.cache.address(id: "au-1", in: .australia)
        _ = try await setup.cache.address(id: "au-1", in: .australia)
        _ = try? await setup.cache.address(id: "missing", in: .australia)
        _ = try? await setup.cache.address(id: "missing", in: .australia)
        #expect(setup.counter.counts.retrievedIDs == ["au-1", "missing", "missing"])
    }

    @Test("with the cache, retyping the same address costs no new search")
    func engineWithCache() async {
        let setup = Setup()
        let harness = EngineHarness(service: setup.cache)
        await harness.search("12 Smith Street")
        harness.engine.send(.clear)
        await harness.search("12 Smith Street")
        #expect(setup.counter.searchCount == 1)
        #expect(!harness.engine.state.suggestions.isEmpty)
    }
}
