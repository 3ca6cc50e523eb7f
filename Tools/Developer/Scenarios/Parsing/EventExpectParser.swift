import LiveryCore

/// Checks on analytics:
/// - `events:` the events expected since the previous expect step, in order
///   (others may come between), each a name or `name: { property: value }`
///   (a subset of its properties);
/// - `noEvents:` names that must not have been sent since the previous expect step;
/// - `noEventContains:` text no property of any event so far may contain
///   (e.g. a typed email address or password).
struct EventExpectParser {
    let context: ParseContext

    func checks(_ key: String, _ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        switch key {
        case "events": return try sentInOrder(node)
        case "noEvents": return try unsent(node)
        default: return try uncontained(node)
        }
    }

    /// `events:` the events expected since the previous expect step, in order, others between allowed.
    private func sentInOrder(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        var expected: [(name: String, properties: [(String, String)])] = []
        for item in context.list(node) {
            if item.scalar != nil {
                expected.append((try name(item), []))
            } else {
                let entry = try context.single(item, "event")
                var properties: [(String, String)] = []
                for property in try context.mapping(entry.value, "event properties") {
                    properties.append(
                        (
                            try context.text(property.key, "property"),
                            try context.text(property.value, "property value")
                        ))
                }
                expected.append((try name(entry.key), properties))
            }
        }
        let frozen = expected
        let written = frozen.map { Self.describe($0.name, $0.properties) }.joined(separator: ", ")
        return [
            Check(label: "events", expected: written) { observation in
                var remaining = observation.newEvents[...]
                for event in frozen {
                    guard
                        let index = remaining.firstIndex(where: { Self.matches($0, event.name, event.properties) })
                    else {
                        return (false, Self.list(observation.newEvents))
                    }
                    remaining = remaining[(index + 1)...]
                }
                return (true, Self.list(observation.newEvents))
            }
        ]
    }

    /// `noEvents:` names that must not have been sent since the previous expect step.
    private func unsent(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        var names: [String] = []
        for item in context.list(node) { names.append(try name(item)) }
        let frozen = names
        return [
            Check(label: "no events", expected: "none of " + frozen.joined(separator: ", ")) { observation in
                let sent = observation.newEvents.filter { frozen.contains($0.name) }
                return (sent.isEmpty, sent.isEmpty ? "none" : Self.list(sent))
            }
        ]
    }

    /// `noEventContains:` text no property of any event so far may contain.
    private func uncontained(_ node: YAMLNode) throws(ScenarioInputError) -> [Check] {
        var texts: [String] = []
        for item in context.list(node) { texts.append(try context.text(item, "text")) }
        let frozen = texts
        return frozen.map { text in
            Check(label: "no event contains", expected: "'\(text)' in no event") { observation in
                let found = observation.allEvents.filter { event in
                    event.name.contains(text)
                        || event.properties.values.contains { $0.value.description.contains(text) }
                }
                return (
                    found.isEmpty, found.isEmpty ? "in none" : "in \(found.map(\.name).joined(separator: ", "))"
                )
            }
        }
    }

    private func name(_ node: YAMLNode) throws(ScenarioInputError) -> String {
        try context.oneOf(node, Vocabulary.eventNames, "event")
    }

    private static func matches(_ event: AnalyticsEvent, _ name: String, _ properties: [(String, String)]) -> Bool {
        event.name == name && properties.allSatisfy { key, value in event[key]?.description == value }
    }

    private static func describe(_ name: String, _ properties: [(String, String)]) -> String {
        properties.isEmpty ? name : "\(name) {\(properties.map { "\($0.0)=\($0.1)" }.joined(separator: ", "))}"
    }

    /// The events as `name {key=value, …}`, without the tags every event carries.
    static func list(_ events: [AnalyticsEvent]) -> String {
        if events.isEmpty { return "(no events)" }
        let tags: Set<String> = ["brand", "market", "page", "screen"]
        return events.map { event in
            describe(event.name, event.keys.filter { !tags.contains($0) }.map { ($0, event[$0]?.description ?? "") })
        }.joined(separator: ", ")
    }
}
