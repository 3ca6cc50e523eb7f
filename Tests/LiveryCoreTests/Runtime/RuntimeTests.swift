import Foundation
import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Brand registry and runtime")
struct RuntimeTests {
    @Test("two plugins with one id is a registration error naming the id")
    func duplicateBrand() {
        #expect(throws: BrandRegistryError.duplicate(BrandID(rawValue: "alpha")!)) {
            try BrandRegistry([TestBrand("alpha"), TestBrand("beta"), TestBrand("alpha")])
        }
    }

    @Test("an unknown brand is an error listing the known ones")
    func unknownBrand() throws {
        let registry = try BrandRegistry([TestBrand("beta"), TestBrand("alpha")])
        #expect(registry.ids.map(\.rawValue) == ["alpha", "beta"])
        do {
            _ = try registry.plugin(named: "gamma")
            Issue.record("an unknown brand was found")
        } catch {
            #expect(error.description == "unknown brand 'gamma'; known brands: alpha, beta")
        }
        #expect(try registry.plugin(named: "  Alpha ").manifest.id.rawValue == "alpha")
        #expect(throws: BrandRegistryError.self) { try registry.plugin(named: "Not A Brand!") }
    }

    @Test("brand ids are lowercase letters, digits and hyphens starting with a letter")
    func brandIDs() {
        #expect(BrandID(rawValue: "tab-nz2") != nil)
        for bad in ["", "Alpha", "2bet", "a b", "a_b", "é"] { #expect(BrandID(rawValue: bad) == nil, "\(bad)") }
    }

    @Test("a runtime applies the brand's settings; other brands keep the default")
    func settings() throws {
        var lockerBrand = TestBrand("alpha")
        lockerBrand.promotions = "locker"
        let registry = try BrandRegistry([lockerBrand, TestBrand("beta")])
        let recording = RecordingDestination()
        let alpha = try registry.runtime(for: BrandID(rawValue: "alpha")!) { _ in testServices(recording: recording) }
        let beta = try registry.runtime(for: BrandID(rawValue: "beta")!) { _ in testServices(recording: recording) }
        #expect(alpha.settings[PromotionsSettingKey.self] == "locker")
        #expect(beta.settings[PromotionsSettingKey.self] == "none")
        #expect(FeatureSettings()[PromotionsSettingKey.self] == "none")
        #expect(!FeatureSettings().isSet(PromotionsSettingKey.self))
    }

    @Test("analytics events are tagged with the runtime's brand and market, and cannot spoof them")
    func analyticsTagging() {
        let recording = RecordingDestination()
        let runtime = Runtime(
            brand: TestBrand("kiwi", market: .newZealand), services: testServices(recording: recording))
        runtime.services.analytics.track(AnalyticsEvent("join_continue_tapped", ["brand": "someone-else"]))
        #expect(recording.events.count == 1)
        #expect(recording.events.first?["brand"] == .string("kiwi"))
        #expect(recording.events.first?["market"] == .string("NZ"))
    }

    @Test("messages come from the brand's catalogue in its locale, over feature defaults")
    func messages() {
        var brand = TestBrand("alpha", locale: "en-AU")
        brand.messages.set("Mate, {minimum} characters at least.", for: .lengthMin, locale: "en-AU")
        let runtime = Runtime(brand: brand, services: testServices(recording: RecordingDestination()))
        let short = LengthRule.min(8).check("abc", in: .standalone)!
        #expect(runtime.message(for: short) == "Mate, 8 characters at least.")
        let defaults = MessageCatalogue([.required: "Please fill this in."])
        #expect(
            runtime.message(for: RequiredRule<String>().check("", in: .standalone)!, defaults: defaults)
                == "Please fill this in.")
        #expect(runtime.message(for: EmailRule().check("x", in: .standalone)!) == "Enter a valid email address.")
    }

    @Test("feature flags start from the brand's defaults, are off when unset, and can change")
    func flags() {
        let flags = FeatureFlagStore([.loginNative: true])
        #expect(flags.isEnabled(.loginNative))
        #expect(!flags.isEnabled(.betslipNative))
        flags.set(.loginNative, false)
        #expect(!flags.isEnabled(.loginNative))
        #expect(flags.snapshot == [.loginNative: false])
    }
}

@Suite("Message catalogue")
struct MessageCatalogueTests {
    @Test("lookup falls back from exact locale to language to any locale to the default message")
    func fallback() {
        var catalogue = MessageCatalogue()
        catalogue.set("AU: {minimum}", for: .lengthMin, locale: "en_AU")
        catalogue.set("EN: {minimum}", for: .lengthMin, locale: "en")
        catalogue.set("Any: {minimum}", for: .lengthMin)
        let violation = LengthRule.min(3).check("a", in: .standalone)!
        #expect(catalogue.message(for: violation, locale: "en-AU") == "AU: 3")
        #expect(catalogue.message(for: violation, locale: "EN-nz") == "EN: 3")
        #expect(catalogue.message(for: violation, locale: "mi-NZ") == "Any: 3")
        #expect(MessageCatalogue().message(for: violation, locale: "en-AU") == "Enter at least 3 characters.")
    }

    @Test("merging puts the overriding catalogue on top, entry by entry")
    func merging() {
        let base = MessageCatalogue([.required: "Required", .emailFormat: "Bad email"])
        let brand = MessageCatalogue([.required: "Please fill this in"])
        let merged = base.merging(brand)
        #expect(merged.template(for: .required, locale: "en") == "Please fill this in")
        #expect(merged.template(for: .emailFormat, locale: "en") == "Bad email")
    }

    @Test("unknown placeholders are left as written")
    func placeholders() {
        #expect(MessageTemplate.render("{a} and {b}", with: ["a": "1"]) == "1 and {b}")
        #expect(MessageTemplate.render("no close {a", with: ["a": "1"]) == "no close {a")
        #expect(MessageTemplate.render("{a {a}} {}{a}{a}", with: ["a": "1"]) == "{a {a}} {}11")
        #expect(
            MessageTemplate.render("Über {n}\u{301}, {name}!", with: ["n": "8", "name": "Zoë"]) == "Über 8\u{301}, Zoë!"
        )
        #expect(MessageTemplate.render("{ä}", with: ["ä": "ok"]) == "ok")
        #expect(MessageTemplate.render("plain", with: ["a": "1"]) == "plain")
    }
}
