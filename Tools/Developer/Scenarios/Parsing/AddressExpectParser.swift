import AddressLookupFeature
import LiveryCore

/// Checks on the address lookup: `address: { mode: search, suggestions: 3,
/// selected: "12 Smith Street, Collingwood VIC 3066", retrieving: false }`.
struct AddressExpectParser {
    let context: ParseContext

    /// The properties an address expectation may name.
    static let properties = [
        "mode", "searchText", "listVisible", "searching", "retrieving", "suggestions", "firstSuggestion",
        "selected", "address",
    ]

    func checks(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        guard context.vocabulary.addressField != nil else {
            throw context.error(node, "this brand's form has no address")
        }
        var checks: [Check] = []
        for entry in try context.mapping(node, "address") {
            let key = try context.oneOf(entry.key, Self.properties, "address property")
            let label = "address \(key)"
            let value = entry.value
            switch key {
            case "mode":
                let mode = try context.oneOf(value, ["search", "manual"], "address mode")
                checks.append(
                    .equal(label, mode) { $0.join.address.map { $0.mode == .manual ? "manual" : "search" } ?? "none" })
            case "searchText":
                let text = try context.text(value, "searchText")
                checks.append(.equal(label, text) { $0.join.address?.searchText ?? "" })
            case "listVisible":
                let visible = try context.bool(value, "listVisible")
                checks.append(.equal(label, String(visible)) { String($0.join.address?.isListVisible ?? false) })
            case "searching":
                let searching = try context.bool(value, "searching")
                checks.append(.equal(label, String(searching)) { String($0.join.address?.isSearching ?? false) })
            case "retrieving":
                let retrieving = try context.bool(value, "retrieving")
                checks.append(.equal(label, String(retrieving)) { String($0.join.address?.isRetrieving ?? false) })
            case "suggestions":
                checks.append(try suggestions(value))
            case "firstSuggestion":
                let text = try context.text(value, "firstSuggestion")
                checks.append(.equal(label, text) { $0.join.address?.suggestions.first?.text ?? "none" })
            case "selected":
                let text = try context.text(value, "selected")
                checks.append(.equal(label, text) { $0.join.address?.selectedSuggestion?.text ?? "none" })
            default:
                let text = try context.text(value, "address")
                checks.append(.equal(label, text) { $0.join.address?.address?.singleLine ?? "none" })
            }
        }
        return checks
    }

    /// A count (`suggestions: 3`, or `suggestions: some`) or the texts in order.
    private func suggestions(_ node: YAMLNode) throws(ScenarioInputError) -> Check {
        if let text = node.scalar, text == "some" {
            return Check(label: "address suggestions", expected: "at least one") { observation in
                let count = observation.join.address?.suggestions.count ?? 0
                return (count > 0, "\(count)")
            }
        }
        if node.scalar != nil {
            let count = try context.int(node, "suggestions")
            return .equal("address suggestions", "\(count)") { "\($0.join.address?.suggestions.count ?? 0)" }
        }
        var texts: [String] = []
        for item in context.list(node) { texts.append(try context.text(item, "suggestion")) }
        return .equal("address suggestions", texts.joined(separator: " | ")) {
            $0.join.address?.suggestions.map(\.text).joined(separator: " | ") ?? ""
        }
    }
}
