/// How deep a YAML text nests and how many aliases it uses, read from its
/// text alone in one pass (no tree, no recursion, nothing kept per node), so
/// that a hostile file is refused before a parser that recurses once per
/// level ever sees it.
///
/// It follows what decides nesting in YAML: a line's indentation (each
/// deeper indentation, each `- ` that opens a list item and a mapping key
/// after it are levels), flow brackets where a value starts (and any inside
/// brackets), quotes, comments and block scalars (`|`, `>`), whose lines it
/// skips. It errs one way only: it may read a file deeper than a parser
/// would (a list at its key's indentation, a quoted scalar that spans
/// lines, which it ends at the line's end), never shallower.
enum YAMLShape {
    /// Where `text` first goes past `maxDepth` levels or `maxAliases`
    /// aliases (`*name`): the 1-based line, and whether it was the depth;
    /// `nil` when it stays within both.
    static func firstExcess(in text: String, maxDepth: Int, maxAliases: Int) -> (line: Int, isDepth: Bool)? {
        var scanner = Scanner(maxDepth: maxDepth, maxAliases: maxAliases)
        var line = 0
        for row in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            if let isDepth = scanner.read(row) { return (line, isDepth) }
        }
        return nil
    }

    /// What one pass has seen so far: the block levels open, the flow brackets
    /// open, a block scalar being skipped, and the aliases counted.
    private struct Scanner {
        let maxDepth: Int
        let maxAliases: Int
        var indents: [Int] = []  // the block levels open, by their indentation
        var flow = 0  // flow brackets open
        var blockScalarParent: Int?  // the indentation of the line a `|` or `>` ended
        var aliases = 0

        /// Reads one line: `true` when it goes past the depth, `false` past the aliases, `nil` within both.
        mutating func read(_ row: Substring.UTF8View) -> Bool? {
            var position = row.startIndex
            var indent = 0
            while position < row.endIndex, row[position] == UInt8(ascii: " ") {
                indent += 1
                position = row.index(after: position)
            }
            let content = row[position...]
            let blank =
                content.isEmpty
                || content.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 13 }
            if let parent = blockScalarParent {
                if blank || indent > parent { return nil }
                blockScalarParent = nil
            }
            if blank || content.first == UInt8(ascii: "#") { return nil }
            var levels = indents.count
            if flow == 0 {
                if content.starts(with: "---".utf8) || content.starts(with: "...".utf8) {
                    indents.removeAll()
                    return nil
                }
                levels = blockLevels(row, at: &position, indent: indent)
            }
            if levels + flow > maxDepth { return true }
            return values(row, from: position, levels: levels, indent: indent)
        }

        /// The block levels a line opens at `indent`: its indentation's, one per
        /// `- ` that opens a list item, and a mapping after them (`- - key: x`).
        private mutating func blockLevels(
            _ row: Substring.UTF8View, at position: inout Substring.UTF8View.Index, indent: Int
        ) -> Int {
            while let last = indents.last, last > indent { indents.removeLast() }
            if indents.last != indent { indents.append(indent) }
            var levels = indents.count
            while position < row.endIndex, row[position] == UInt8(ascii: "-"),
                row.index(after: position) == row.endIndex || row[row.index(after: position)] == UInt8(ascii: " ")
            {
                levels += 1
                position = row.index(after: position)
                while position < row.endIndex, row[position] == UInt8(ascii: " ") {
                    position = row.index(after: position)
                }
            }
            if levels > indents.count, YAMLShape.containsKey(row[position...]) { levels += 1 }
            return levels
        }

        /// The rest of a line after its indentation and dashes: quotes, comments,
        /// flow brackets, aliases, anchors, tags and the start of a block scalar.
        private mutating func values(
            _ row: Substring.UTF8View, from start: Substring.UTF8View.Index, levels: Int, indent: Int
        ) -> Bool? {
            var position = start
            var quote: UInt8?
            var valueStarts = true
            var previous = UInt8(ascii: " ")
            while position < row.endIndex {
                let byte = row[position]
                position = row.index(after: position)
                defer { previous = byte }
                if let open = quote {
                    if byte == open {
                        if open == UInt8(ascii: "'"), position < row.endIndex, row[position] == open {
                            position = row.index(after: position)  // '' inside single quotes
                        } else {
                            quote = nil
                        }
                    } else if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), position < row.endIndex {
                        position = row.index(after: position)
                    }
                    continue
                }
                let next = position < row.endIndex ? row[position] : UInt8(ascii: " ")
                let isSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                if isSpace { continue }
                if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") { break }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), valueStarts {
                    quote = byte
                } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"), valueStarts || flow > 0 {
                    flow += 1
                    if levels + flow > maxDepth { return true }
                    continue  // a value starts inside
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), flow > 0 {
                    flow -= 1
                } else if byte == UInt8(ascii: ","), flow > 0 {
                    valueStarts = true
                    continue
                } else if byte == UInt8(ascii: ":"), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || flow > 0
                {
                    valueStarts = true
                    continue
                } else if byte == UInt8(ascii: "*"), valueStarts {
                    aliases += 1
                    if aliases > maxAliases { return false }
                } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!"), valueStarts {
                    // An anchor or a tag: the value still starts after it.
                    while position < row.endIndex, row[position] != UInt8(ascii: " ") {
                        position = row.index(after: position)
                    }
                    continue
                } else if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">"), valueStarts, flow == 0 {
                    blockScalarParent = indent
                    break
                }
                valueStarts = false
            }
            return nil
        }
    }

    /// Whether `text` (what follows a line's dashes) starts a mapping: a key
    /// and a colon ending the line or followed by a space, outside quotes.
    fileprivate static func containsKey(_ text: Substring.UTF8View) -> Bool {
        var quote: UInt8?
        var position = text.startIndex
        while position < text.endIndex {
            let byte = text[position]
            position = text.index(after: position)
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "#"): return false
            case UInt8(ascii: ":") where position == text.endIndex || text[position] == UInt8(ascii: " "): return true
            default: break
            }
        }
        return false
    }
}
