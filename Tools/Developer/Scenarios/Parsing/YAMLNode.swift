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

    /// What a scenario file may hold, checked before a tree is built.
    enum Bounds {
        /// The largest file read, in bytes.
        static let fileBytes = 1 << 20
        /// The deepest nesting of lists and mappings.
        static let depth = 64
        /// The most aliases (`*name`) a file may use.
        static let aliases = 100
        /// The most nodes a file may come to once aliases are expanded: room
        /// for the longest scenario (2,000 steps of some twenty values each),
        /// while a file of anchors that repeat each other is refused in
        /// milliseconds.
        static let nodes = 50_000
    }

    /// Parses `text` (the file at `path`) into a tree.
    /// - Throws: ``ScenarioInputError`` with the line libyaml reports, naming
    ///   both lines of a key written twice in one mapping, or the line where
    ///   the file goes past one of the ``Bounds``.
    static func parse(_ text: String, path: String) throws(ScenarioInputError) -> YAMLNode? {
        try checkBounds(text, path: path)
        let root: YAMLNode?
        do {
            var budget = Bounds.nodes
            root = try Yams.compose(yaml: text).map { node throws(ScenarioInputError) in
                try YAMLNode(node, budget: &budget, path: path)
            }
        } catch let error as ScenarioInputError {
            throw error
        } catch let error as YamlError {
            throw ScenarioInputError(
                file: path, line: Self.line(of: error), message: "malformed YAML: \(Self.problem(of: error))")
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
                        throw ScenarioInputError(
                            file: path, line: entry.key.line,
                            message:
                                "the key '\(key)' is written twice in one mapping (lines \(first) and \(entry.key.line))"
                        )
                    }
                    seen[key] = entry.key.line
                }
                try entry.value.checkUniqueKeys(path: path)
            }
        }
    }

    /// The tree of `node`, each node spending one of `budget` (aliases count
    /// every time they are used, so a file of anchors that repeat each other
    /// runs out long before it fills the memory).
    private init(_ node: Node, budget: inout Int, path: String) throws(ScenarioInputError) {
        line = node.mark?.line ?? 1
        budget -= 1
        guard budget >= 0 else {
            throw ScenarioInputError(
                file: path, line: line,
                message: "the file comes to over \(Bounds.nodes) values once its aliases are expanded")
        }
        switch node {
        case .scalar(let scalar):
            content = .scalar(scalar.string)
        case .sequence(let sequence):
            var items: [YAMLNode] = []
            for item in sequence { items.append(try YAMLNode(item, budget: &budget, path: path)) }
            content = .sequence(items)
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                entries.append(
                    Entry(
                        key: try YAMLNode(key, budget: &budget, path: path),
                        value: try YAMLNode(value, budget: &budget, path: path)))
            }
            content = .mapping(entries)
        }
    }

    /// Refuses, before a tree is built, a file over ``Bounds/fileBytes``,
    /// nested deeper than ``Bounds/depth`` or using more than
    /// ``Bounds/aliases`` aliases. It reads the text in one pass
    /// (``YAMLShape``: a loop, no recursion and nothing kept), so a file of
    /// 100,000 open brackets is refused at the 65th, before the composer,
    /// which recurses once per level, ever sees it. Malformed YAML passes
    /// here and is reported by the parse that follows.
    private static func checkBounds(_ text: String, path: String) throws(ScenarioInputError) {
        let size = text.utf8.count
        guard size <= Bounds.fileBytes else {
            throw ScenarioInputError(
                file: path, line: 1,
                message: "the file is \(size / 1024) KiB; scenario files are at most \(Bounds.fileBytes / 1024) KiB")
        }
        guard let excess = YAMLShape.firstExcess(in: text, maxDepth: Bounds.depth, maxAliases: Bounds.aliases) else {
            return
        }
        throw ScenarioInputError(
            file: path, line: excess.line,
            message: excess.isDepth
                ? "the file nests lists and mappings deeper than \(Bounds.depth) levels"
                : "the file uses more than \(Bounds.aliases) aliases (*name)")
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
