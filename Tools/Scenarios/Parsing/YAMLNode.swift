import Yams

/// A YAML node reduced to what scenario files use — text, lists and ordered
/// mappings — with the line each node starts on, so every error and every
/// step can name its place in the file.
struct YAMLNode: Sendable {
    /// One `key: value` entry of a mapping, in file order.
    struct Entry: Sendable {
        let key: YAMLNode
        let value: YAMLNode
    }

    /// What the node holds.
    enum Content: Sendable {
        case scalar(String)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    let content: Content
    /// The 1-based line the node starts on.
    let line: Int

    /// The text of a scalar node.
    var scalar: String? {
        if case .scalar(let text) = content { return text }
        return nil
    }

    /// The items of a list node.
    var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The entries of a mapping node.
    var mapping: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// What kind of node this is, for error messages.
    var kindName: String {
        switch content {
        case .scalar: "a value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// Parses `text` (the file at `path`) into a tree.
    /// - Throws: ``ScenarioInputError`` with the line libyaml reports, or
    ///   naming both lines of a key written twice in one mapping.
    static func parse(_ text: String, path: String) throws(ScenarioInputError) -> YAMLNode? {
        let root: YAMLNode?
        do {
            root = try Yams.compose(yaml: text).map { YAMLNode($0) }
        } catch let error as YamlError {
            throw ScenarioInputError(file: path, line: Self.line(of: error), message: "malformed YAML: \(Self.problem(of: error))")
        } catch {
            throw ScenarioInputError(file: path, line: 1, message: "malformed YAML: \(error)")
        }
        if let root { try root.checkUniqueKeys(path: path) }
        return root
    }

    /// Refuses a mapping that holds the same key twice (YAML allows a parser
    /// to keep either; a scenario must say one thing).
    private func checkUniqueKeys(path: String) throws(ScenarioInputError) {
        switch content {
        case .scalar:
            return
        case .sequence(let items):
            for item in items { try item.checkUniqueKeys(path: path) }
        case .mapping(let entries):
            var seen: [String: Int] = [:]
            for entry in entries {
                if let key = entry.key.scalar {
                    if let first = seen[key] {
                        throw ScenarioInputError(file: path, line: entry.key.line,
                                                 message: "the key '\(key)' is written twice in one mapping (lines \(first) and \(entry.key.line))")
                    }
                    seen[key] = entry.key.line
                }
                try entry.value.checkUniqueKeys(path: path)
            }
        }
    }

    private init(_ node: Node) {
        line = node.mark?.line ?? 1
        switch node {
        case .scalar(let scalar):
            content = .scalar(scalar.string)
        case .sequence(let sequence):
            content = .sequence(sequence.map { YAMLNode($0) })
        case .mapping(let mapping):
            content = .mapping(mapping.map { Entry(key: YAMLNode($0.key), value: YAMLNode($0.value)) })
        }
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: 1
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
             .composer(let context, let problem, _, _):
            [context.map { "\($0.text)" }, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        default: "\(error)"
        }
    }
}
