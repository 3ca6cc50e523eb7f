import AppBarFeature
import Foundation
import LiveryCore

/// Checks on the app bar: `appBar: { right: [search, login, join, betslip],
/// badges: { toolbox: 3 }, locker: opening, route: nativeLogin }`.
struct AppBarExpectParser {
    let context: ParseContext

    /// The properties an app bar expectation may name.
    static let properties = [
        "signedIn", "left", "centre", "right", "absent", "spacers", "route", "userTray", "locker",
        "badges", "betslip", "animates", "visible", "balance", "icons", "enabled", "active",
    ]

    func checks(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        let items = ActionParser(context: context)
        var checks: [Check] = []
        for entry in try context.mapping(node, "appBar") {
            let key = try context.oneOf(entry.key, Self.properties, "app bar property")
            switch key {
            case "signedIn", "spacers", "route", "userTray", "locker", "visible":
                checks += try barChecks(key, entry.value, items)
            case "left", "centre", "right", "absent", "badges": checks += try itemChecks(key, entry.value, items)
            case "betslip", "animates", "balance": checks += try counterChecks(key, entry.value, items)
            default:
                checks += try perItem(key, entry.value, items)
            }
        }
        return checks
    }

    /// The bar's own state: `signedIn`, `spacers`, `route`, `userTray`, `locker`, `visible`.
    private func barChecks(_ key: String, _ value: YAMLNode, _ items: ActionParser) throws(ScenarioInputError)
        -> [Check]
    {
        let label = "appBar \(key)"
        var checks: [Check] = []
        switch key {
        case "signedIn":
            let signedIn = try context.bool(value, key)
            checks.append(.equal(label, String(signedIn)) { String($0.appBar.isSignedIn) })
        case "spacers":
            let count = try context.int(value, key)
            checks.append(.equal(label, "\(count)") { "\($0.appBar.layout.right.filter(\.id.isSpacer).count)" })
        case "route":
            let route = try context.oneOf(value, ["none"] + AppBarRoute.allCases.map(\.rawValue), "app bar route")
            checks.append(.equal(label, route) { $0.appBar.route?.rawValue ?? "none" })
        case "userTray":
            let open = try context.oneOf(value, ["open", "closed"], "user tray state")
            checks.append(.equal(label, open) { $0.appBar.overlays.isUserTrayOpen ? "open" : "closed" })
        case "locker":
            let state = try context.oneOf(value, ["open", "opening", "closed"], "locker state")
            checks.append(
                .equal(label, state) { observation in
                    let overlays = observation.appBar.overlays
                    return overlays.isLockerOpen ? "open" : overlays.isLockerOpening ? "opening" : "closed"
                })
        default:  // "visible"
            let visible = try context.bool(value, key)
            checks.append(.equal(label, String(visible)) { String($0.appBar.isVisible) })
        }
        return checks
    }

    /// Which items each group shows, which are absent, and their badges.
    private func itemChecks(_ key: String, _ value: YAMLNode, _ items: ActionParser) throws(ScenarioInputError)
        -> [Check]
    {
        let label = "appBar \(key)"
        var checks: [Check] = []
        switch key {
        case "left", "centre", "right":
            var ids: [String] = []
            for item in context.list(value) where item.scalar != "" { ids.append(try items.itemID(item).rawValue) }
            checks.append(
                .equal(label, ids.joined(separator: ", ")) { observation in
                    let group =
                        key == "left"
                        ? observation.appBar.layout.left
                        : key == "centre" ? observation.appBar.layout.centre : observation.appBar.layout.right
                    return group.map(\.id).filter { !$0.isSpacer }.map(\.rawValue).joined(separator: ", ")
                })
        case "absent":
            for item in context.list(value) {
                let id = try items.itemID(item)
                checks.append(.equal("appBar \(id)", "absent") { $0.appBar.item(id) == nil ? "absent" : "shown" })
            }
        default:  // "badges"
            for badge in try context.mapping(value, "badges") {
                let id = try items.itemID(badge.key)
                let expected =
                    try context.text(badge.value, "badge") == "none"
                    ? "none" : "\(try context.int(badge.value, "badge", minimum: 1))"
                checks.append(
                    .equal("appBar \(id) badge", expected) { observation in
                        guard let item = observation.appBar.item(id) else { return "(no \(id) item)" }
                        return item.badge.map { "\($0.count)" } ?? "none"
                    })
            }
        }
        return checks
    }

    /// The betslip counter, its animation and the balance shown.
    private func counterChecks(_ key: String, _ value: YAMLNode, _ items: ActionParser) throws(ScenarioInputError)
        -> [Check]
    {
        let label = "appBar \(key)"
        var checks: [Check] = []
        switch key {
        case "betslip":
            let count = try context.int(value, key)
            checks.append(
                .equal("appBar betslip counter", "\(count)") {
                    $0.appBar.betslipCounter.map { "\($0.value)" } ?? "none"
                })
        case "animates":
            let animates = try context.bool(value, key)
            checks.append(
                .equal("appBar betslip animates", String(animates)) {
                    $0.appBar.betslipCounter.map { String($0.animatesChange) } ?? "none"
                })
        default:  // "balance"
            let amount = try context.decimal(value, key)
            checks.append(
                .equal(label, "\(amount)") { observation in
                    guard case .balance(let shown, _)? = observation.appBar.item(.balance)?.content else {
                        return "none"
                    }
                    return "\(shown)"
                })
        }
        return checks
    }

    /// `icons: { pendingBets: pot-asset | none }`, `enabled: { locker: false }`, `active: { userTray: true }`.
    private func perItem(_ key: String, _ node: YAMLNode, _ items: ActionParser) throws(ScenarioInputError) -> [Check] {
        var checks: [Check] = []
        for entry in try context.mapping(node, key) {
            let id = try items.itemID(entry.key)
            switch key {
            case "icons":
                let asset = try context.text(entry.value, "icon")
                checks.append(
                    .equal("appBar \(id) icon", asset) {
                        $0.appBar.item(id).map { $0.iconAsset ?? "none" } ?? "(no \(id) item)"
                    })
            case "enabled":
                let enabled = try context.bool(entry.value, "enabled")
                checks.append(
                    .equal("appBar \(id) enabled", String(enabled)) {
                        $0.appBar.item(id).map { String($0.isEnabled) } ?? "(no \(id) item)"
                    })
            default:
                let active = try context.bool(entry.value, "active")
                checks.append(
                    .equal("appBar \(id) active", String(active)) {
                        $0.appBar.item(id).map { String($0.isActive) } ?? "(no \(id) item)"
                    })
            }
        }
        return checks
    }
}
