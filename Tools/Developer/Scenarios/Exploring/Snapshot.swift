import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// What a journey shows at one point, as the checks of an `expect:` step
/// read it: the page, loading, alert, route, focus, progress, every
/// input's status, rules and value, the address lookup, the clients stored
/// and the calls made. Two runs of one journey are compared on these; a
/// difference is written back as the `expect:` step that shows it.
struct SnapshotProbes: Sendable {
    /// One thing looked at: where it sits in an `expect:` mapping, the check that reads it, and how a
    /// value it read is written back in YAML.
    struct Probe: Sendable {
        let path: [String]
        let check: Check
        let written: @Sendable (String) -> String
    }

    let probes: [Probe]

    /// The probes of the brand `vocabulary` describes, made by the scenario parser itself from `expect:`
    /// mappings, so a value they read is one an `expect:` step can be written with.
    init(vocabulary: Vocabulary) {
        let plain: @Sendable (String) -> String = { YAMLText.word($0) }
        let firstWord: @Sendable (String) -> String = { String($0.prefix { $0 != " " }) }
        let list: @Sendable (String) -> String = { text in
            "[" + (text.isEmpty ? [] : text.components(separatedBy: ", ")).map(YAMLText.word).joined(separator: ", ")
                + "]"
        }
        var specs: [(path: [String], placeholder: String, written: @Sendable (String) -> String)] = [
            (["page"], vocabulary.pageNames[0], plain), (["loading"], "false", plain), (["alert"], "none", plain),
            (["route"], "none", plain), (["client"], "none", plain), (["focus"], "none", plain),
            (["callToAction"], "continue", plain), (["progress"], "0%", plain),
            (["storedClient", "count"], "0", plain),
        ]
        if vocabulary.depositLimitField != nil { specs.append((["depositLimit"], "undecided", plain)) }
        for kind in ServiceCalls.Kind.allCases { specs.append((["calls", kind.rawValue], "0", plain)) }
        for name in vocabulary.inputNames {
            guard let input = vocabulary.inputs[name], let field = vocabulary.field(of: input) else { continue }
            let composite = input == .field(field.name) && field.inputType.isComposite
            specs.append((["field", name, "status"], "unknown", firstWord))
            specs.append((["field", name, "rules"], "[]", list))
            if !composite {
                specs.append(
                    vocabulary.isSecret(input)
                        ? (["field", name, "display"], "\"\"", plain) : (["field", name, "value"], "\"\"", plain))
            }
        }
        if vocabulary.addressField != nil {
            specs += [
                (["address", "mode"], "search", plain), (["address", "searchText"], "\"\"", plain),
                (["address", "listVisible"], "false", plain), (["address", "searching"], "false", plain),
                (["address", "suggestions"], "0", plain), (["address", "selected"], "none", plain),
                (["address", "address"], "none", plain),
            ]
        }
        let reader = ParseContext(file: "(snapshot)", vocabulary: vocabulary)
        probes = specs.compactMap { spec in
            guard let check = Self.check(spec.path, spec.placeholder, reader) else { return nil }
            return Probe(path: spec.path, check: check, written: spec.written)
        }
    }

    /// The one check the `expect:` mapping at `path` holding `placeholder` makes.
    private static func check(_ path: [String], _ placeholder: String, _ context: ParseContext) -> Check? {
        var text = placeholder
        for key in path.reversed() { text = "{ \(YAMLText.word(key)): \(text) }" }
        guard let node = try? YAMLNode.parse(text, path: "(snapshot)"),
            let checks = try? ExpectParser(context: context).checks(node), checks.count == 1
        else { return nil }
        return checks[0]
    }

    /// What every probe reads of `observation`.
    func read(_ observation: Observation) -> [String] {
        probes.map { $0.check.evaluate(observation).actual }
    }

    /// The `expect:` step that holds each value at its probe, as YAML lines of a step list.
    func expectStep(_ expectation: [(probe: Int, value: String)]) -> [String] {
        var lines = ["  - expect:"]
        var open: [String] = []
        for (index, value) in expectation {
            let probe = probes[index]
            let parents = Array(probe.path.dropLast())
            var shared = 0
            while shared < min(open.count, parents.count), open[shared] == parents[shared] { shared += 1 }
            open = Array(open.prefix(shared))
            for key in parents.dropFirst(shared) {
                lines.append(String(repeating: "  ", count: open.count + 3) + "\(YAMLText.word(key)):")
                open.append(key)
            }
            lines.append(
                String(repeating: "  ", count: open.count + 3) + "\(YAMLText.word(probe.path.last!)): "
                    + probe.written(value))
        }
        return lines
    }

    /// The probes' labels, for reports.
    func label(_ index: Int) -> String { probes[index].check.label }
}
