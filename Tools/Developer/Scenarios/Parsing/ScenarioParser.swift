import Foundation
import LiveryComposition

/// Reads a scenario file: its top-level keys and its steps.
///
/// ```yaml
/// scenario: A taken username is invalid   # required: the title
/// brand: neds                             # optional: must be the brand being run
/// screen: home                            # optional: the app bar's screen name in analytics
/// invariants: true                        # optional: check the explorer's invariants after every action
/// steps:                                  # required: actions and expectations, in order
///   - focus: username
///   - type: { username: taken_name }
///   - unfocus
///   - expect: { field: { username: { status: invalid, rules: [username.taken] } } }
/// ```
struct ScenarioParser {
    let context: ParseContext

    /// The top-level keys.
    static let keys = ["scenario", "brand", "screen", "description", "given", "invariants", "steps", "beyondReach"]

    /// The most steps one scenario may have.
    static let maxSteps = 2_000

    /// Parses `text`, the contents of the file, for the brand `brand`.
    func parse(_ text: String, brand: String) throws(ScenarioInputError) -> Scenario {
        guard let root = try YAMLNode.parse(text, path: context.file) else {
            throw ScenarioInputError(
                file: context.file, line: 1, message: "the file is empty; a scenario needs `scenario:` and `steps:`")
        }
        let entries = try context.mapping(root, "a scenario file")
        var name: String?
        var screen: String?
        var given = Given()
        var givenLine: Int?
        var steps: [Step]?
        var checksInvariants = false
        var reachesBeyond = false
        for entry in entries {
            let key = try context.oneOf(entry.key, Self.keys, "key")
            switch key {
            case "scenario": name = try context.text(entry.value, "scenario")
            case "brand":
                let named = try context.text(entry.value, "brand")
                guard named.lowercased() == brand.lowercased() else {
                    throw context.error(entry.value, "this scenario is for brand '\(named)', not '\(brand)'")
                }
            case "screen": screen = try context.text(entry.value, "screen")
            case "description": break
            case "invariants": checksInvariants = try context.bool(entry.value, "invariants")
            case "beyondReach": reachesBeyond = try context.bool(entry.value, "beyondReach")
            case "given":
                given = try GivenParser(context: context).given(entry.value)
                givenLine = entry.key.line
            default: steps = try parseSteps(entry.value)
            }
        }
        guard let name else { throw context.error(root, "missing `scenario:` (the scenario's title)") }
        guard let steps, !steps.isEmpty else {
            throw context.error(root, "missing `steps:` (a list of at least one step)")
        }
        var scenario = Scenario(
            file: context.file, name: name, brand: brand, screen: screen, given: given, givenLine: givenLine,
            steps: steps)
        scenario.checksInvariants = checksInvariants
        scenario.reachesBeyond = reachesBeyond
        return scenario
    }

    private func parseSteps(_ node: YAMLNode) throws(ScenarioInputError) -> [Step] {
        guard let items = node.sequence else {
            throw context.error(node, "`steps:` must be a list, not \(node.kindName)")
        }
        guard items.count <= Self.maxSteps else {
            throw context.error(items[Self.maxSteps], "a scenario has at most \(Self.maxSteps) steps; split this one")
        }
        var steps: [Step] = []
        for item in items { steps.append(try step(item)) }
        return steps
    }

    private func step(_ node: YAMLNode) throws(ScenarioInputError) -> Step {
        let actions = ActionParser(context: context)
        if let word = node.scalar {
            if word == "expect" { throw context.error(node, "`expect` needs a mapping of expectations") }
            let (action, summary) = try actions.bare(word, at: node)
            return Step(line: node.line, summary: summary, kind: .action(action))
        }
        guard var entries = node.mapping else {
            throw context.error(node, "a step must be a name or `name: value`, not \(node.kindName)")
        }
        var settles = true
        if entries.count == 2, let option = entries.firstIndex(where: { $0.key.scalar == "settle" }) {
            settles = try context.bool(entries[option].value, "settle")
            entries.remove(at: option)
        }
        guard entries.count == 1, let entry = entries.first else {
            let names = entries.compactMap(\.key.scalar).joined(separator: ", ")
            throw context.error(
                node,
                "a step holds one action or `expect` (and optionally `settle: false`), found \(entries.count) (\(names)); is a `- ` missing?"
            )
        }
        let name = try context.text(entry.key, "step")
        if name == "expect", !settles { throw context.error(node, "`settle:` goes with an action, not with `expect`") }
        if name == "expect" {
            let checks = try ExpectParser(context: context).checks(entry.value)
            let summary = "expect " + checks.map { "\($0.label): \($0.expected)" }.joined(separator: " · ")
            return Step(line: node.line, summary: summary, kind: .expect(checks))
        }
        if name == "wait", !settles {
            throw context.error(
                node,
                "`settle: false` does not go with `wait`: a wait runs the work due at each deadline inside it and settles; look at work in flight after the action that starts it"
            )
        }
        let (action, summary) = try actions.withArgument(name, entry.value, at: entry.key)
        return Step(
            line: node.line, summary: settles ? summary : summary + " (not settled)", kind: .action(action),
            settles: settles)
    }
}

/// Reads scenario files for one brand: the brand's words (fields, options,
/// app bar items, events) are gathered once and every file is checked against them.
public struct ScenarioReader: Sendable {
    private let vocabulary: Vocabulary
    private let brand: String

    /// A reader for the brand `configuration` describes.
    public init(for configuration: BrandConfiguration) {
        vocabulary = Vocabulary(configuration)
        brand = configuration.id.rawValue
    }

    /// Parses `text`, the contents of the scenario file at `file`; errors name `file` and the line.
    public func parse(_ text: String, file: String) throws(ScenarioInputError) -> Scenario {
        try ScenarioParser(context: ParseContext(file: file, vocabulary: vocabulary)).parse(text, brand: brand)
    }
}
