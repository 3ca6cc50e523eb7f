import AddressLookupFeature
import AppBarFeature
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Turns an `expect:` step into checks on the join journey, the app bar and
/// analytics. Every key and id is checked here, so a typo fails before
/// anything runs.
struct ExpectParser {
    let context: ParseContext

    /// The keys an `expect:` mapping may hold.
    static let keys = [
        "field", "focus", "page", "loading", "alert", "route", "client", "storedClient", "keyboard",
        "callToAction", "depositLimit", "address", "scrollTarget", "appBar", "events", "noEvents",
        "noEventContains", "progress", "rows", "calls", "attempts",
    ]

    /// The checks of one `expect:` mapping, in the order written.
    func checks(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        var checks: [Check] = []
        for entry in try context.mapping(node, "expect") {
            let key = try context.oneOf(entry.key, Self.keys, "expectation")
            let value = entry.value
            switch key {
            case "field": checks += try FieldExpectParser(context: context).checks(value)
            case "focus": checks.append(try inputCheck("focus", value) { $0.join.focus })
            case "scrollTarget": checks.append(try inputCheck("scrollTarget", value) { $0.join.scrollTarget })
            case "page":
                let page = try context.oneOf(value, context.vocabulary.pageNames, "page")
                checks.append(.equal("page", page) { $0.join.page.name })
            case "loading":
                let loading = try context.bool(value, "loading")
                checks.append(.equal("loading", String(loading)) { String($0.join.isLoading) })
            case "alert": checks += try alert(value)
            case "route":
                let route = try context.oneOf(value, ["none"] + Vocabulary.joinRoutes, "route")
                checks.append(.equal("route", route) { Vocabulary.name(of: $0.join.route) })
            case "client":
                let created = try context.oneOf(value, ["created", "none"], "client")
                checks.append(.equal("client", created) { $0.join.createdClient == nil ? "none" : "created" })
            case "storedClient": checks += try storedClient(value)
            case "keyboard":
                let action = try context.oneOf(value, ["next", "done", "none"], "keyboard")
                checks.append(.equal("keyboard", action) { $0.join.keyboardAction?.rawValue ?? "none" })
            case "callToAction":
                let purpose = try context.enumCase(value, CallToAction.Purpose.self, "call to action")
                checks.append(.equal("callToAction", purpose.rawValue) { $0.join.callToAction.purpose.rawValue })
            case "depositLimit":
                let decision = try context.enumCase(value, DepositLimitDecision.self, "deposit-limit decision")
                checks.append(
                    .equal("depositLimit", decision.rawValue) { $0.join.depositLimit?.decision.rawValue ?? "none" })
            case "progress": checks.append(try progress(value))
            case "rows": checks.append(try rows(value))
            case "address": checks += try AddressExpectParser(context: context).checks(value)
            case "appBar": checks += try AppBarExpectParser(context: context).checks(value)
            case "calls": checks += try calls(value, .operations)
            case "attempts": checks += try calls(value, .attempts)
            default: checks += try EventExpectParser(context: context).checks(key, value)
            }
        }
        return checks
    }

    /// `progress: 50%` or `progress: 0.5`: the share of required fields that
    /// are valid, compared as a whole percentage.
    private func progress(_ node: YAMLNode) throws(ScenarioInputError) -> Check {
        let text = try context.text(node, "progress").trimmingCharacters(in: .whitespaces)
        let percent: Double?
        if text.hasSuffix("%") {
            percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces))
        } else {
            percent = Double(text).map { $0 * 100 }
        }
        guard let percent, percent.isFinite, (0...100).contains(percent) else {
            throw context.error(node, "progress must be a share such as 50% or 0.5, not '\(text)'")
        }
        let expected = Int(percent.rounded())
        return .equal("progress", "\(expected)%") { "\(Int(($0.join.progress * 100).rounded()))%" }
    }

    /// `rows: [[title, firstName], [lastName], …]`: the fields of the page
    /// shown, row by row; fields sharing a row are its columns.
    private func rows(_ node: YAMLNode) throws(ScenarioInputError) -> Check {
        guard let items = node.sequence else {
            throw context.error(node, "rows must be a list of rows, each a list of fields")
        }
        var rows: [[String]] = []
        for item in items {
            var row: [String] = []
            for column in context.list(item) {
                let name = try context.text(column, "field")
                guard context.vocabulary.definition.field(FieldName(name)) != nil else {
                    throw context.error(
                        column,
                        "unknown field '\(name)'\(NameSuggestion.hint(for: name, in: context.vocabulary.definition.fields.map(\.name.rawValue)))"
                    )
                }
                row.append(name)
            }
            rows.append(row)
        }
        @Sendable func describe(_ rows: [[String]]) -> String {
            rows.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: " ")
        }
        return .equal("rows", describe(rows)) { observation in
            describe(observation.join.rows.map { $0.map(\.name.rawValue) })
        }
    }

    private func inputCheck(
        _ label: String, _ node: YAMLNode,
        read: @escaping @Sendable (Observation) -> InputID?
    ) throws(ScenarioInputError) -> Check {
        let expected = try context.text(node, label) == "none" ? "none" : try context.input(node).description
        return .equal(label, expected) { read($0)?.description ?? "none" }
    }

    private func alert(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        let kinds = ["none"] + SystemAlert.Kind.allCases.map(\.rawValue)
        if node.scalar != nil {
            let kind = try context.oneOf(node, kinds, "alert")
            return [.equal("alert", kind) { $0.join.alert?.kind.rawValue ?? "none" }]
        }
        var checks: [Check] = []
        for entry in try context.mapping(node, "alert") {
            let key = try context.oneOf(entry.key, ["kind", "title", "message", "actions"], "alert property")
            switch key {
            case "kind":
                let kind = try context.oneOf(entry.value, kinds, "alert")
                checks.append(.equal("alert", kind) { $0.join.alert?.kind.rawValue ?? "none" })
            case "title":
                let title = try context.text(entry.value, "title")
                checks.append(.equal("alert title", title) { $0.join.alert?.title ?? "(no alert)" })
            case "message":
                let message = try context.text(entry.value, "message")
                checks.append(.equal("alert message", message) { $0.join.alert?.message ?? "(no alert)" })
            default:
                var roles: [String] = []
                for item in context.list(entry.value) {
                    roles.append(try context.enumCase(item, SystemAlert.Action.Role.self, "alert action").rawValue)
                }
                checks.append(
                    .equal("alert actions", roles.joined(separator: ", ")) {
                        $0.join.alert?.actions.map(\.role.rawValue).joined(separator: ", ") ?? "(no alert)"
                    })
            }
        }
        return checks
    }

    /// `calls: { check-username: 1, create-client: 0 }`: how many calls of
    /// each kind named the journey has made so far, whatever their answers;
    /// `attempts:` the same for the requests sent, a create-client the app's
    /// client repeats after a time-out counted each time (others are not checked).
    private func calls(_ node: YAMLNode, _ measure: ServiceCalls.Measure) throws(ScenarioInputError) -> [Check] {
        let key = measure == .operations ? "calls" : "attempts"
        var checks: [Check] = []
        for entry in try context.mapping(node, key) {
            let kind = try context.enumCase(entry.key, ServiceCalls.Kind.self, "kind of call")
            let count = try context.int(entry.value, key)
            checks.append(
                .equal("\(key) \(kind.rawValue)", String(count)) { String($0.calls.count(of: kind, measure)) })
        }
        return checks
    }

    private func storedClient(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        var checks: [Check] = []
        for entry in try context.mapping(node, "storedClient") {
            let key = try context.text(entry.key, "stored field")
            let expected = try context.text(entry.value, "stored value")
            if key != "count", !context.vocabulary.inputs.keys.contains(key) {
                throw context.error(
                    entry.key,
                    "unknown field '\(key)'\(NameSuggestion.hint(for: key, in: context.vocabulary.inputNames + ["count"]))"
                )
            }
            var check: Check =
                if key == "count" {
                    .equal("stored clients", expected) { $0.clientsUnread ?? String($0.clients.count) }
                } else {
                    .equal("stored client \(key)", expected) {
                        $0.clientsUnread ?? $0.clients.last?.fields[key] ?? "absent"
                    }
                }
            check.readsStoredClients = true
            checks.append(check)
        }
        return checks
    }
}
