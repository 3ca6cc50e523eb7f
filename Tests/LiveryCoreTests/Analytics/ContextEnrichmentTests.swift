import LiveryCore
import Testing

@Suite("ContextEnrichment")
struct ContextEnrichmentTests {
    @Test func addsBrandMarketScreenAndSessionAsGeneralProperties() throws {
        let enrichment = ContextEnrichment(brand: "alpha", market: "AU", screen: "details", session: "s-1")
        let event = try #require(enrichment.transform(AnalyticsEvent("field_focused", ["field": "email"])))
        #expect(event.keys == ["brand", "field", "market", "screen", "session"])
        #expect(event["brand"] == "alpha")
        #expect(event["market"] == "AU")
        #expect(event["screen"] == "details")
        #expect(event["session"] == "s-1")
        #expect(event.property(ContextEnrichment.Key.brand)?.sensitivity == .general)
    }

    @Test func leavesOutArgumentsThatAreNil() throws {
        let event = try #require(ContextEnrichment(brand: "alpha").transform(AnalyticsEvent("x")))
        #expect(event.keys == ["brand"])
    }

    @Test func doesNotOverwriteTheEventByDefault() throws {
        let enrichment = ContextEnrichment(brand: "alpha", screen: "details")
        let original = AnalyticsEvent("x", ["screen": "review"]).addingPersonal(.name, "brand", "Sam")
        let event = try #require(enrichment.transform(original))
        #expect(event["screen"] == "review")
        #expect(event.property("brand") == .personal(.name, "Sam"))
    }

    @Test func overwritesWhenConfigured() throws {
        let enrichment = ContextEnrichment(brand: "alpha", screen: "details", overwritesExisting: true)
        let original = AnalyticsEvent("x", ["screen": "review", "field": "email"]).addingPersonal(.name, "brand", "Sam")
        let event = try #require(enrichment.transform(original))
        #expect(event["screen"] == "details")
        #expect(event.property("brand") == .general("alpha"))
        #expect(event["field"] == "email")
    }

    @Test func namedArgumentsWinOverExtra() throws {
        let enrichment = ContextEnrichment(brand: "alpha", extra: ["brand": "beta", "app_version": "1.2"])
        let event = try #require(enrichment.transform(AnalyticsEvent("x")))
        #expect(event["brand"] == "alpha")
        #expect(event["app_version"] == "1.2")
        #expect(enrichment.context == ["brand": "alpha", "app_version": "1.2"])
    }
}
