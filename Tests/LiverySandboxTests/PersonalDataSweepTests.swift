import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import Testing

@testable import LiveryScenarios

/// Every scenario of every brand, run, and every analytics event it sent
/// searched for what the person typed and the amounts they had: none may be there.
@Suite("No personal data in analytics, across every brand's scenarios")
struct PersonalDataSweepTests {
    /// What a scenario's person typed or had: texts from typing and filling
    /// (names, email, mobile, date of birth, address parts and searches,
    /// username, password, amounts) and the signed-in balances. Choices from a
    /// list (title, state, period) are not personal and are left out.
    static func personalValues(of scenario: Scenario, options: Set<String>) -> [String] {
        var values: [String] = []
        for step in scenario.steps {
            guard case .action(let action) = step.kind else { continue }
            switch action {
            case .join(.change(_, let text)): values.append(text)
            case .fill(let pairs): values += pairs.map(\.text)
            case .signIn(let details):
                values.append("\(details.balance)")
                if let nickname = details.socialProfile?.nickname { values.append(nickname) }
            default: break
            }
        }
        return values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 4 && !options.contains($0) }
    }

    /// The digits of `text`, when it is mostly digits (a mobile, a date, an amount).
    static func digits(_ text: String) -> String? {
        let digits = text.filter(\.isNumber)
        return digits.count >= 4 && digits.count * 2 >= text.count ? digits : nil
    }

    /// Whether the property text `shown` carries `value`: the whole value
    /// where it has spaces, else a whole word of it (so `Street` typed as a
    /// name is not found in the id `address.streetNumber`), or its digits.
    /// A value that is itself one of the engine's ids (a person who typed
    /// `password` as a password) cannot be told from the id and is skipped.
    static func carries(_ shown: String, _ value: String, ids: Set<String>) -> Bool {
        let value = value.lowercased()
        let shown = shown.lowercased()
        guard !ids.contains(value) else { return false }
        if let digits = digits(value), shown.filter(\.isNumber).contains(digits) { return true }
        if value.contains(" ") { return shown.contains(value) }
        let words = shown.split { !($0.isLetter || $0.isNumber || "_@+.-'".contains($0)) }
        return words.contains { $0 == value }
    }

    @Test("the search finds a value where it is, and not inside an id")
    func search() {
        #expect(Self.carries("pat@example.com", "Pat@Example.com", ids: []))
        #expect(Self.carries("call 0412345678", "0412 345 678", ids: []))
        #expect(Self.carries("12 smith st", "12 Smith St", ids: []))
        #expect(Self.carries("name alex_c here", "alex_c", ids: []))
        #expect(!Self.carries("address.streetNumber", "Street", ids: []))
        #expect(!Self.carries("password", "password", ids: ["password"]))
    }

    @Test("no event of any scenario carries a typed value or an amount", arguments: packageBrandIDs)
    @MainActor
    func sweep(_ brand: String) async throws {
        let composition = try Composition(packageBrands())
        let runner = ScenarioRunner(composition: composition)
        let definition = try composition.configuration(of: brand).bundledDefinition
        let options = Set(
            definition.fields.flatMap { $0.options ?? [] } + (Market.australia.address.options(.state) ?? []))
        let ids = Set(
            (definition.fields.map(\.name.rawValue) + SystemAlert.Kind.allCases.map(\.rawValue)
                + SystemAlert.Action.Role.allCases.map(\.rawValue)).map { $0.lowercased() })
        var searched = 0
        for path in ScenarioLibrary.files(for: brand) {
            let scenario = try runner.load(path, brand: brand)
            let values = Self.personalValues(of: scenario, options: options)
            let played = try await runner.play(scenario, through: nil)
            for event in played.world.analytics.events {
                for (key, property) in event.properties {
                    let shown = property.value.description
                    for value in values {
                        #expect(
                            !Self.carries(shown, value, ids: ids),
                            "\(scenario.fileName): \(event.name).\(key) = '\(shown)' carries '\(value)'")
                    }
                }
            }
            searched += values.count
        }
        #expect(searched > 50, "the sweep found only \(searched) typed values in \(brand)'s scenarios")
    }
}
