import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryWorkshop
import Testing

@Suite("livery diff: every setting that differs between two brands, one line each")
struct DifferenceTests {
    func settings(_ id: String) throws -> BrandSettingLines {
        BrandSettingLines(
            try BrandConfiguration(try #require(try packageBrands().first { $0.manifest.id.rawValue == id })))
    }

    @Test("a brand against itself differs in nothing", arguments: packageBrandIDs)
    func sameBrand(_ id: String) throws {
        #expect(BrandDifference(try settings(id), try settings(id)).lines.isEmpty)
    }

    @Test("Ladbrokes against Neds: the name, colours, font, icons, promotions entry and a flag default")
    func ladbrokesAndNeds() throws {
        let lines = BrandDifference(try settings("ladbrokes"), try settings("neds")).lines
        let bySetting = Dictionary(lines.map { ($0.setting, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(bySetting["name"] == .init(setting: "name", left: "Ladbrokes", right: "Neds"))
        #expect(
            bySetting["theme.color.primary"]?.left == "#c8102e" && bySetting["theme.color.primary"]?.right == "#ff7800")
        #expect(
            bySetting["appBar.promotions"]?.left == "locker with badge"
                && bySetting["appBar.promotions"]?.right == "toolbox with badge")
        #expect(bySetting["flag.betslip-native"]?.left == "on" && bySetting["flag.betslip-native"]?.right == "off")
        #expect(bySetting["theme.typography.body.fontFamily"] != nil)
        #expect(
            bySetting["theme.logo"]?.left?.hasPrefix("logo.svg, ") == true
                && bySetting["theme.logo"]?.left != bySetting["theme.logo"]?.right, "the logos differ by their bytes")
        #expect(bySetting["market"] == nil && bySetting["joinForm.selfExclusionRegister"] == nil)
        #expect(!lines.contains { $0.setting.hasPrefix("joinForm.fields") })
    }

    @Test(
        "livery brands --flags shows each brand's flag defaults as its brand.json declares them; a flag left out is off, not set"
    )
    func flagDefaults() throws {
        #expect(
            BrandSettingLines.flagDefaults(
                try BrandConfiguration(try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })))
                == ["on", "off", "on"])
        for plugin in try packageBrands() {
            let row = BrandSettingLines.flagDefaults(try BrandConfiguration(plugin))
            #expect(
                row
                    == FeatureFlag.known.map {
                        plugin.featureFlagDefaults[$0].map { $0 ? "on" : "off" } ?? "off (not set)"
                    })
        }
        let first = try #require(try packageBrands().first)
        let document = GuideTests.setting(
            ["flags"], to: .object([("login-native", .bool(true))]), in: first.fileDocument())
        let plugin = try BrandDefinition.read(
            json: Data(document.formatted().utf8), file: "x/brand.json", folder: .files(first.companionFiles))
        #expect(
            BrandSettingLines.flagDefaults(try BrandConfiguration(plugin)) == ["on", "off (not set)", "off (not set)"])
    }

    @Test("Neds against TAB NZ: the market, currency, locale, the register and the form's fields differ")
    func australiaAndNewZealand() throws {
        let lines = BrandDifference(try settings("neds"), try settings("tabnz")).lines
        let settings = Set(lines.map(\.setting))
        #expect(settings.isSuperset(of: ["market", "currency", "locale", "joinForm.selfExclusionRegister"]))
        #expect(lines.contains { $0.setting.hasPrefix("joinForm.fields.") })
        #expect(
            lines.contains { $0.left == nil || $0.right == nil }, "a field one form has and the other not shows with —")
    }

    @Test("Betcha's own messages show as messages the other brand does not have")
    func messages() throws {
        let lines = BrandDifference(try settings("neds"), try settings("betcha")).lines
        #expect(
            lines.contains {
                $0.setting == "message.username.taken" && $0.left == nil
                    && $0.right == "Someone's already got that username. Try another?"
            })
    }

    @Test("the JSON form lists setting, left and right for each line")
    func json() throws {
        let lines = BrandDifference(try settings("neds"), try settings("betcha")).lines
        let data = try JSONEncoder().encode(lines)
        let decoded = try JSONDecoder().decode([BrandDifference.Line].self, from: data)
        #expect(decoded == lines)
        #expect(String(decoding: data, as: UTF8.self).contains("\"setting\""))
    }
}
