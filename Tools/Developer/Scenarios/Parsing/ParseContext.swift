import Foundation
import JoinFormFeature
import LiveryCore

/// Reading typed values out of YAML nodes for one file, with errors that
/// name the file, the line and, for a misspelt name, the closest known one.
struct ParseContext: Sendable {
    /// The file being read.
    let file: String
    /// The brand's ids.
    let vocabulary: Vocabulary

    /// An error at `node`'s line.
    func error(_ node: YAMLNode, _ message: String) -> ScenarioInputError {
        ScenarioInputError(file: file, line: node.line, message: message)
    }

    /// The text of a scalar, or an error naming `what` was expected.
    func text(_ node: YAMLNode, _ what: String) throws(ScenarioInputError) -> String {
        guard let text = node.scalar else { throw error(node, "\(what) must be a value, not \(node.kindName)") }
        return text
    }

    /// The items of a list; a single value counts as a list of one.
    func list(_ node: YAMLNode) -> [YAMLNode] {
        node.sequence ?? [node]
    }

    /// The entries of a mapping, or an error naming `what` was expected.
    func mapping(_ node: YAMLNode, _ what: String) throws(ScenarioInputError) -> [YAMLNode.Entry] {
        guard let entries = node.mapping else { throw error(node, "\(what) must be a mapping, not \(node.kindName)") }
        return entries
    }

    /// One of `candidates`, or an error with the closest.
    func oneOf(_ node: YAMLNode, _ candidates: [String], _ what: String) throws(ScenarioInputError) -> String {
        let value = try text(node, what)
        guard candidates.contains(value) else {
            throw error(node, "unknown \(what) '\(value)'\(NameSuggestion.hint(for: value, in: candidates))")
        }
        return value
    }

    /// A case of a string-backed enumeration by its raw value, or an error
    /// with the closest; a refusal lists the cases (and the words `also`
    /// names, which the caller reads before asking).
    func enumCase<E: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, _ type: E.Type, _ what: String,
        also: [String] = []
    ) throws(ScenarioInputError) -> E
    where E.RawValue == String {
        let raw = try oneOf(node, E.allCases.map(\.rawValue) + also, what)
        guard let value = E(rawValue: raw) else { throw error(node, "'\(raw)' cannot be used here") }
        return value
    }

    /// A whole number, at least `minimum`.
    func int(_ node: YAMLNode, _ what: String, minimum: Int = 0) throws(ScenarioInputError) -> Int {
        let value = try text(node, what)
        guard let number = Int(value), number >= minimum else {
            throw error(node, "\(what) must be a whole number of at least \(minimum), not '\(value)'")
        }
        return number
    }

    /// `true`/`false` (also `yes`/`no`, `on`/`off`).
    func bool(_ node: YAMLNode, _ what: String) throws(ScenarioInputError) -> Bool {
        let value = try text(node, what)
        switch value.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(node, "\(what) must be true or false, not '\(value)'")
        }
    }

    /// A decimal amount such as `125.50`.
    func decimal(_ node: YAMLNode, _ what: String) throws(ScenarioInputError) -> Decimal {
        let value = try text(node, what)
        guard let amount = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")),
            value.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
        else {
            throw error(node, "\(what) must be an amount such as 125.50, not '\(value)'")
        }
        return amount
    }

    /// The longest wait a scenario may ask for.
    static let maximumWait: Duration = .seconds(24 * 60 * 60)

    /// A duration such as `300ms`, `2s`, `1.5s` or `2m`, at most a day.
    func duration(_ node: YAMLNode) throws(ScenarioInputError) -> Duration {
        let value = try text(node, "wait").trimmingCharacters(in: .whitespaces)
        guard let duration = DurationText.parse(value, maximum: Self.maximumWait) else {
            throw error(node, "wait must be a duration such as 300ms or 1.5s, up to 24 hours, not '\(value)'")
        }
        return duration
    }

    /// An input id of the brand's form: `email`, `address.street`, `depositLimit.amount`.
    func input(_ node: YAMLNode) throws(ScenarioInputError) -> InputID {
        let name = try text(node, "input")
        guard let input = vocabulary.inputs[name] else {
            throw error(node, "unknown field '\(name)'\(NameSuggestion.hint(for: name, in: vocabulary.inputNames))")
        }
        return input
    }

    /// A mapping with exactly one entry, as in `type: { email: pat@example.com }`.
    func single(_ node: YAMLNode, _ what: String) throws(ScenarioInputError) -> YAMLNode.Entry {
        let entries = try mapping(node, what)
        guard entries.count == 1, let entry = entries.first else {
            throw error(node, "\(what) takes one `input: value` entry, found \(entries.count)")
        }
        return entry
    }
}
