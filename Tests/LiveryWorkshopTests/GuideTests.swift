import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryScenarios
import LiveryWorkshop
import Testing

@Suite(
    "The brand-team guide's worked example: a brand like Neds with one message, one field, no badge and a new primary colour"
)
struct GuideTests {
    /// `document` with `value` at the key path `path`, objects created on the way.
    static func setting(_ path: [String], to value: JSONValue, in document: JSONValue) -> JSONValue {
        guard let key = path.first else { return value }
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let existing) = document { members = existing }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = setting(Array(path.dropFirst()), to: value, in: members[index].value)
        } else {
            members.append((key, setting(Array(path.dropFirst()), to: value, in: .object([]))))
        }
        return .object(members)
    }

    static func sportsbet(onPrimary: String) throws -> BrandDefinition {
        let neds = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
        let declared = try BrandScaffold.declaration(named: "Sportsbet", like: neds)
        var document = declared.fileDocument()
        let promo: JSONValue = .object([
            ("after", .string("mobile")),
            (
                "field",
                .object([
                    ("name", .string("promoCode")), ("inputType", .string("Text")),
                    ("validate", .object([("maxLength", .number(12))])),
                ])
            ),
        ])
        for (path, value) in [
            (["theme", "colours", "primary"], JSONValue.string("#0A7B3E")),
            (["theme", "colours", "onPrimary"], .string(onPrimary)),
            (["appBar", "badge"], .bool(false)),
            (["messages", "username.taken"], .string("Taken already. Try another?")),
            (["joinForm", "addFields"], .array([promo])),
        ] {
            document = setting(path, to: value, in: document)
        }
        return try BrandDefinition.read(
            json: Data(document.formatted().utf8), file: "SportsbetBrand/brand.json",
            folder: .files(declared.companionFiles))
    }

    @Test("doctor: the new primary with Neds' dark text on it fails AA contrast; with white text it passes")
    func doctor() throws {
        let dark = BrandConformance.checks(try Self.sportsbet(onPrimary: "#111111"))
        #expect(dark.first { $0.name == "contrast" }?.problems.count == 1)
        #expect(BrandConformance.checks(try Self.sportsbet(onPrimary: "#ffffff")).allSatisfy { $0.passed })
    }

    @Test(
        "doctor: a focus ring that does not stand out 3:1 from the app bar or the page fails, naming the pair and its ratio"
    )
    func focusRing() throws {
        var brand = try Self.sportsbet(onPrimary: "#ffffff")
        #expect(BrandConformance.checks(brand).allSatisfy { $0.passed })
        for (ring, against) in [("#111111", "appBarBackground"), ("#ff7800", "background")] {
            var theme = brand.theme
            theme.palette.focusRing = try RGBColor(hex: ring)
            brand = try BrandDefinition(
                manifest: brand.manifest, theme: theme, messageTemplates: brand.messageTemplates,
                featureFlagDefaults: brand.featureFlagDefaults, appBar: brand.appBar, form: brand.form)
            let problems = BrandConformance.checks(brand).first { $0.name == "contrast" }?.problems ?? []
            #expect(
                problems.contains { $0.contains("focusRing") && $0.contains(against) && $0.contains(":1") },
                "\(ring): \(problems)")
        }
    }

    @Test("diff: the colours, the badge, the message, the new field, and otherwise only the name and icons")
    func diff() throws {
        let neds = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
        let lines = BrandDifference(
            BrandSettingLines(try BrandConfiguration(neds)),
            BrandSettingLines(try BrandConfiguration(try Self.sportsbet(onPrimary: "#ffffff")))
        ).lines
        let settings = Set(lines.map(\.setting))
        #expect(
            settings.isSuperset(of: [
                "theme.color.primary", "theme.color.onPrimary", "appBar.promotions",
                "message.username.taken", "joinForm.fields.promoCode.name",
            ]))
        let expected = settings.filter {
            $0.hasPrefix("joinForm.") || $0.hasPrefix("theme.icon.") || $0.hasPrefix("theme.color.")
                || ["name", "theme.logo", "appBar.promotions", "message.username.taken"].contains($0)
        }
        #expect(settings == expected, "unexpected differences: \(settings.subtracting(expected))")
        #expect(lines.first { $0.setting == "appBar.promotions" }?.right == "toolbox")
    }

    @Test("test: of Neds' scenarios, only those expecting the old taken-username words fail")
    @MainActor
    func scenarios() async throws {
        let brand = try Self.sportsbet(onPrimary: "#ffffff")
        let runner = ScenarioRunner(composition: try Composition([brand]))
        let folder = ScenarioLibrary.scenariosDirectory() + "/neds"
        var failed: [String] = []
        for file in ScenarioLibrary.fileNames(for: "neds") {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                .replacingOccurrences(of: "neds", with: "sportsbet").replacingOccurrences(of: "Neds", with: "Sportsbet")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "guide-\(UUID().uuidString)-\(file)"
            ).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try await runner.run(file: path, brand: "sportsbet")
            if !result.passed { failed.append("\(file): \(result.failure.map { String(describing: $0) } ?? "")") }
        }
        // What the guide says: the scenarios copied from Neds that expected Neds' message (04), its
        // badge (07, 23), and its rows and keyboard walk without the new field (15, 16).
        #expect(
            failed.map { String($0.prefix { $0 != ":" }) } == [
                "04-taken-username.yaml", "07-toolbox-with-badge.yaml",
                "15-progress-rows-traits.yaml", "16-focus-walk-and-loading.yaml", "23-app-bar-signed-in-user-tray.yaml",
            ],
            "\(failed)")
    }
}
