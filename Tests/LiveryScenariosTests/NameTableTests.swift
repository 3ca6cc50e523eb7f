import AddressLookupFeature
import AppBarFeature
import JoinFormFeature
import LiveryComposition
import Testing

@testable import LiveryScenarios

/// The engines keep one table of their names (intents, routes, events, app
/// bar items); the scenario parser, coverage and the recorder read it. A
/// name added to an engine must reach every reader: these tests fail when
/// one does not take it.
@Suite("Every name in an engine's table reaches the scenario parser and coverage")
struct NameTableTests {
    /// What coverage counts over every brand of the package.
    private static func universe() throws -> [CoverageCategory: Set<String>] {
        var items: [CoverageCategory: Set<String>] = [:]
        for brand in try packageBrands() {
            for (category, names) in CoverageUniverse(try BrandConfiguration(brand)).items {
                items[category, default: []].formUnion(names)
            }
        }
        return items
    }

    private static func counted(_ name: String, in items: Set<String>) -> Bool {
        items.contains(name) || items.contains { $0.hasPrefix(name + ".") || $0.hasPrefix(name + ":") }
    }

    @Test("coverage counts every intent, route, event and tappable item some brand can reach")
    func coverageCountsEveryName() throws {
        let universe = try Self.universe()
        let intents = universe[.intents] ?? []
        for name in JoinIntent.Name.allCases {
            #expect(Self.counted("join.\(name.rawValue)", in: intents), "join intent \(name)")
        }
        // Leaving or checking a manual part happens inside a focus move or a continue, never sent alone.
        for name in AddressLookupIntent.Name.allCases where name != .leaveManual && name != .validateManual {
            #expect(Self.counted("join.address.\(name.rawValue)", in: intents), "address intent \(name)")
        }
        for name in AppBarIntent.Name.allCases {
            #expect(Self.counted("appBar.\(name.rawValue)", in: intents), "app bar intent \(name)")
        }
        for item in AppBarItemID.allCases where item != .logo && item != .title {
            #expect(intents.contains("appBar.tap.\(item.rawValue)"), "tap on \(item)")
        }
        for name in JoinRoute.Name.allCases {
            #expect(universe[.routes]?.contains("join.\(name.rawValue)") == true, "join route \(name)")
        }
        for name in JoinEvent.allCases.map(\.rawValue) + AppBarEvent.allCases.map(\.rawValue) {
            #expect(Self.counted(name, in: universe[.events] ?? []), "event \(name)")
        }
    }

    @Test("a scenario may write every app bar intent and item, every route and every event, and it reads back")
    func scenariosNameEveryName() throws {
        let brand = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
        let reader = ScenarioReader(for: try BrandConfiguration(brand))
        var lines = ["scenario: every name", "brand: neds", "steps:"]
        lines += AppBarIntent.Name.allCases.filter { $0 != .tap }.map { "  - appBar: \($0.rawValue)" }
        lines += AppBarItemID.allCases.map { "  - tapAppBar: \($0.rawValue)" }
        lines += JoinRoute.Name.allCases.map { "  - expect: { route: \($0.rawValue) }" }
        lines += (JoinEvent.allCases.map(\.rawValue) + AppBarEvent.allCases.map(\.rawValue)).map {
            "  - expect: { events: [\($0)] }"
        }
        let scenario = try reader.parse(lines.joined(separator: "\n") + "\n", file: "names.yaml")
        #expect(scenario.steps.count == lines.count - 3)
    }
}
