/// A regular expression of the everyday subset — literals, `.`, character
/// classes (ranges, `\d`, `\w`, `\s`, `\p{…}` general categories and their
/// negations), groups, alternation and the quantifiers `*`, `+`, `?` and
/// `{m,n}` — compiled to a position automaton and matched over the text's
/// Unicode scalars without backtracking, allocation or a bridge to ICU.
///
/// It answers whether the *whole* text matches, exactly as ICU does for the
/// same pattern wrapped in `\A(?:…)\z` (the tests compare the two on
/// thousands of generated patterns and texts). A pattern outside the subset
/// (anchors, look-arounds, back-references, possessive quantifiers, set
/// operations, case-insensitive matching, more than 255 positions once
/// counted repetitions are expanded) is not compiled: ``init(_:)`` returns
/// `nil` and the rule keeps using ICU.
final class PatternMatcher: Sendable {
    /// What each position matches; position 0 is the start and matches nothing.
    private let classes: [ScalarClass]
    /// The positions that may follow each position (for position 0: the first ones).
    private let follow: [PositionSet]
    /// The positions a match may end on (position 0 when the empty text matches).
    private let accepting: PositionSet
    /// For each ASCII scalar, the positions whose class holds it.
    private let asciiAdmits: [PositionSet]
    /// The same tables as single words, for patterns of at most 63 positions (nearly all).
    private let narrow: (follow: [UInt64], asciiAdmits: [UInt64], accepting: UInt64)?

    /// The largest number of positions (besides the start) a compiled pattern may have.
    static let maximumPositions = PositionSet.capacity - 1

    /// Compiles `pattern`, or `nil` when it is outside the subset.
    init?(_ pattern: String) {
        var parser = PatternParser(Array(pattern.unicodeScalars))
        guard let tree = parser.parseWhole() else { return nil }
        var builder = AutomatonBuilder()
        guard let shape = builder.build(tree), builder.classes.count <= Self.maximumPositions + 1 else { return nil }
        builder.follow[0] = shape.first
        var accepting = shape.last
        if shape.nullable { accepting.insert(0) }
        classes = builder.classes
        follow = builder.follow
        self.accepting = accepting
        asciiAdmits = (0..<128).map { code in
            var admitted = PositionSet()
            for position in builder.classes.indices.dropFirst()
            where builder.classes[position].contains(Unicode.Scalar(UInt8(code))) {
                admitted.insert(position)
            }
            return admitted
        }
        narrow =
            classes.count <= 64
            ? (follow.map(\.firstWord), asciiAdmits.map(\.firstWord), accepting.firstWord) : nil
    }

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        if let narrow, let answer = Self.matchesASCII(text, narrow.follow, narrow.asciiAdmits, narrow.accepting) {
            return answer
        }
        var current = PositionSet(0)
        for scalar in text.unicodeScalars {
            var next = PositionSet()
            current.eachPosition { next.formUnion(follow[$0]) }
            if scalar.value < 128 {
                next.formIntersection(asciiAdmits[Int(scalar.value)])
            } else {
                var kept = PositionSet()
                next.eachPosition { if classes[$0].contains(scalar) { kept.insert($0) } }
                next = kept
            }
            if next.isEmpty { return false }
            current = next
        }
        return current.intersects(accepting)
    }
}

extension PatternMatcher {
    /// The answer for ASCII text on a pattern of at most 63 positions, each set
    /// of positions one word; `nil` when the text is not ASCII.
    private static func matchesASCII(
        _ text: String, _ follow: [UInt64], _ asciiAdmits: [UInt64], _ accepting: UInt64
    ) -> Bool? {
        text.withUTF8Bytes { bytes in
            follow.withUnsafeBufferPointer { follow in
                asciiAdmits.withUnsafeBufferPointer { asciiAdmits in
                    var current: UInt64 = 1
                    for byte in bytes {
                        guard byte < 0x80 else { return nil }
                        var next: UInt64 = 0
                        var rest = current
                        while rest != 0 {
                            next |= follow[rest.trailingZeroBitCount]
                            rest &= rest &- 1
                        }
                        current = next & asciiAdmits[Int(byte)]
                        if current == 0 { return false }
                    }
                    return current & accepting != 0
                }
            }
        }
    }
}

/// A set of automaton positions: a fixed 256-bit set, so matching never allocates.
struct PositionSet: Sendable, Equatable {
    static let capacity = 256
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    init(_ position: Int) { insert(position) }

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    /// Positions 0–63 as one word.
    var firstWord: UInt64 { words.0 }

    mutating func insert(_ position: Int) {
        let bit = UInt64(1) << UInt64(position & 63)
        switch position >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func formUnion(_ other: PositionSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    mutating func formIntersection(_ other: PositionSet) {
        words = (words.0 & other.words.0, words.1 & other.words.1, words.2 & other.words.2, words.3 & other.words.3)
    }

    func intersects(_ other: PositionSet) -> Bool {
        (words.0 & other.words.0) | (words.1 & other.words.1) | (words.2 & other.words.2)
            | (words.3 & other.words.3) != 0
    }

    /// Calls `body` with each position in the set, in increasing order.
    func eachPosition(_ body: (Int) -> Void) {
        Self.eachPosition(in: words.0, from: 0, body)
        Self.eachPosition(in: words.1, from: 64, body)
        Self.eachPosition(in: words.2, from: 128, body)
        Self.eachPosition(in: words.3, from: 192, body)
    }

    private static func eachPosition(in word: UInt64, from base: Int, _ body: (Int) -> Void) {
        var rest = word
        while rest != 0 {
            body(base + rest.trailingZeroBitCount)
            rest &= rest - 1
        }
    }

    static func == (lhs: PositionSet, rhs: PositionSet) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }
}

/// The scalars one position of a pattern matches.
struct ScalarClass: Sendable {
    enum Item: Sendable {
        case range(ClosedRange<UInt32>)
        case categories(Set<Unicode.GeneralCategory>)
        /// ICU's `\w`: alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
        case word
        /// ICU's `\s`: Unicode's white space (tabs, line breaks, spaces and separators).
        case space
        /// ICU's `.`: anything but a line terminator.
        case notLineTerminator
    }

    /// Items with whether each is negated (`\D`, `\P{…}`).
    var items: [(item: Item, negated: Bool)]
    /// A class written `[^…]`.
    var negated = false

    static let nothing = ScalarClass(items: [])

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        items.contains { $0.negated != Self.holds($0.item, scalar) } != negated
    }

    private static func holds(_ item: Item, _ scalar: Unicode.Scalar) -> Bool {
        switch item {
        case .range(let range): return range.contains(scalar.value)
        case .categories(let categories): return categories.contains(scalar.properties.generalCategory)
        case .word:
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
            default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
            }
        case .space: return scalar.properties.isWhitespace
        case .notLineTerminator:
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return false
            default: return true
            }
        }
    }
}

/// A parsed pattern.
indirect enum PatternTree {
    case empty
    case atom(ScalarClass)
    case sequence([PatternTree])
    case choice([PatternTree])
    /// `minimum` or more (`maximum` nil) or up to `maximum` of `tree`.
    case repetition(PatternTree, minimum: Int, maximum: Int?)
}

/// Reads a pattern of the subset; `nil` for anything else.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func parseWhole() -> PatternTree? {
        guard let tree = parseChoice(), next == nil else { return nil }
        return tree
    }

    private mutating func parseChoice() -> PatternTree? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 32, var branch = parseSequence() else { return nil }
        var branches = [branch]
        while next == "|" {
            index += 1
            guard let another = parseSequence() else { return nil }
            branch = another
            branches.append(branch)
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    private mutating func parseSequence() -> PatternTree? {
        var items: [PatternTree] = []
        while let scalar = next, scalar != "|", scalar != ")" {
            guard var item = parseAtom() else { return nil }
            if let (minimum, maximum) = parseQuantifier() {
                item = .repetition(item, minimum: minimum, maximum: maximum)
                // A lazy quantifier matches the same whole texts; a possessive one or a second quantifier does not.
                if next == "?" { index += 1 }
                if let following = next, "+*?{".unicodeScalars.contains(following) { return nil }
            }
            items.append(item)
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func parseQuantifier() -> (Int, Int?)? {
        switch next {
        case "*":
            index += 1
            return (0, nil)
        case "+":
            index += 1
            return (1, nil)
        case "?":
            index += 1
            return (0, 1)
        case "{":
            let start = index
            index += 1
            guard let minimum = parseNumber() else { return restore(start) }
            var maximum: Int? = minimum
            if next == "," {
                index += 1
                maximum = next == "}" ? nil : parseNumber()
                if maximum == nil, next != "}" { return restore(start) }
            }
            guard next == "}", maximum.map({ $0 >= minimum }) ?? true else { return restore(start) }
            index += 1
            return (minimum, maximum)
        default:
            return nil
        }
    }

    /// A `{` that is not a quantifier: leaves it for the atom parser, which refuses it.
    private mutating func restore(_ start: Int) -> (Int, Int?)? {
        index = start
        return nil
    }

    private mutating func parseNumber() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = next, ("0"..."9").contains(scalar), digits < 4 {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
        }
        return digits == 0 || ("0"..."9").contains(next ?? " ") ? nil : value
    }

    private mutating func parseAtom() -> PatternTree? {
        guard let scalar = next else { return nil }
        index += 1
        switch scalar {
        case "(":
            if next == "?" {
                guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                index += 2
            }
            guard let inner = parseChoice(), next == ")" else { return nil }
            index += 1
            return inner
        case "[": return parseSet().map { .atom($0) }
        case ".": return .atom(ScalarClass(items: [(.notLineTerminator, false)]))
        case "\\": return parseEscape(inSet: false).map { .atom($0) }
        case "^", "$", "*", "+", "?", "{", "}", ")", "]": return nil
        default: return .atom(ScalarClass(items: [(.range(scalar.value...scalar.value), false)]))
        }
    }

    /// After `[`: a set of ranges, escapes and categories; nested sets and set operations are refused.
    private mutating func parseSet() -> ScalarClass? {
        var set = ScalarClass.nothing
        if next == "^" {
            set.negated = true
            index += 1
        }
        guard next != "]" else { return nil }
        var first = true
        while let scalar = next, scalar != "]" {
            index += 1
            switch scalar {
            // Nested sets, set operations, and marks whose meaning in a set is not plain: left to ICU.
            case "[", "$", "{", "}", "^", "&": return nil
            case "-" where !first && next != "]": return nil
            case "\\":
                guard let escaped = parseEscape(inSet: true) else { return nil }
                if let single = escaped.single, next == "-" {
                    guard let upper = parseRangeEnd(), upper >= single else { return nil }
                    set.items.append((.range(single...upper), false))
                } else {
                    set.items += escaped.items
                }
            default:
                if next == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    guard let upper = parseRangeEnd(), upper >= scalar.value else { return nil }
                    set.items.append((.range(scalar.value...upper), false))
                } else {
                    set.items.append((.range(scalar.value...scalar.value), false))
                }
            }
            first = false
        }
        guard next == "]" else { return nil }
        index += 1
        return set
    }

    /// After a range's `-`: its upper end, a literal or an escaped literal.
    private mutating func parseRangeEnd() -> UInt32? {
        index += 1  // the "-"
        guard let scalar = next else { return nil }
        index += 1
        switch scalar {
        case "[", "]", "-": return nil
        case "\\": return parseEscape(inSet: true)?.single
        default: return scalar.value
        }
    }

    /// After `\`: a class escape, a control escape, a code point or an escaped punctuation mark.
    private mutating func parseEscape(inSet: Bool) -> ScalarClass? {
        guard let scalar = next else { return nil }
        index += 1
        func literal(_ value: UInt32) -> ScalarClass { ScalarClass(items: [(.range(value...value), false)]) }
        switch scalar {
        case "d", "D": return ScalarClass(items: [(.categories([.decimalNumber]), scalar == "D")])
        case "w", "W": return ScalarClass(items: [(.word, scalar == "W")])
        case "s", "S": return ScalarClass(items: [(.space, scalar == "S")])
        case "p", "P":
            guard next == "{" else { return nil }
            index += 1
            var name = ""
            while let letter = next, letter != "}", name.unicodeScalars.count < 32 {
                name.unicodeScalars.append(letter)
                index += 1
            }
            guard next == "}", let categories = Self.generalCategories[name] else { return nil }
            index += 1
            return ScalarClass(items: [(.categories(categories), scalar == "P")])
        case "t": return literal(0x09)
        case "n": return literal(0x0A)
        case "r": return literal(0x0D)
        case "f": return literal(0x0C)
        case "a": return literal(0x07)
        case "e": return literal(0x1B)
        case "u": return parseHex(count: 4).map(literal)
        case "x":
            guard next != "{" else { return nil }
            return parseHex(count: 2).map(literal)
        default:
            // Escaped ASCII punctuation stands for itself; escaped letters and digits mean other things.
            guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else { return nil }
            return literal(scalar.value)
        }
    }

    private mutating func parseHex(count: Int) -> UInt32? {
        guard index + count <= scalars.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = UInt32(String(scalars[index]), radix: 16) else { return nil }
            value = value * 16 + digit
            index += 1
        }
        guard Unicode.Scalar(value) != nil else { return nil }
        return value
    }

    private static let generalCategories: [String: Set<Unicode.GeneralCategory>] = [
        "L": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
        "Lu": [.uppercaseLetter], "Ll": [.lowercaseLetter], "Lt": [.titlecaseLetter],
        "Lm": [.modifierLetter], "Lo": [.otherLetter],
        "M": [.nonspacingMark, .spacingMark, .enclosingMark],
        "Mn": [.nonspacingMark], "Mc": [.spacingMark], "Me": [.enclosingMark],
        "N": [.decimalNumber, .letterNumber, .otherNumber],
        "Nd": [.decimalNumber], "Nl": [.letterNumber], "No": [.otherNumber],
        "P": [
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation,
        ],
        "Pc": [.connectorPunctuation], "Pd": [.dashPunctuation], "Ps": [.openPunctuation],
        "Pe": [.closePunctuation], "Pi": [.initialPunctuation], "Pf": [.finalPunctuation],
        "Po": [.otherPunctuation],
        "S": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol],
        "Sm": [.mathSymbol], "Sc": [.currencySymbol], "Sk": [.modifierSymbol], "So": [.otherSymbol],
        "Z": [.spaceSeparator, .lineSeparator, .paragraphSeparator],
        "Zs": [.spaceSeparator], "Zl": [.lineSeparator], "Zp": [.paragraphSeparator],
    ]
}

extension ScalarClass {
    /// The one scalar a class of a single literal holds, for the ends of ranges.
    var single: UInt32? {
        guard !negated, items.count == 1, case (.range(let range), false) = items[0], range.count == 1 else {
            return nil
        }
        return range.lowerBound
    }
}

/// Builds a position automaton (Glushkov's construction) from a parsed pattern.
struct AutomatonBuilder {
    var classes: [ScalarClass] = [.nothing]
    var follow: [PositionSet] = [PositionSet()]
    private var steps = 0

    struct Shape {
        var nullable: Bool
        var first: PositionSet
        var last: PositionSet
    }

    /// The shape of `tree`, its positions added; `nil` once there are too many positions.
    mutating func build(_ tree: PatternTree) -> Shape? {
        // Nested counted repetitions of empty groups make no positions but could make endless work: bounded.
        steps += 1
        guard steps <= 20_000, classes.count <= PatternMatcher.maximumPositions + 1 else { return nil }
        switch tree {
        case .empty:
            return Shape(nullable: true, first: PositionSet(), last: PositionSet())
        case .atom(let scalarClass):
            let position = classes.count
            guard position <= PatternMatcher.maximumPositions else { return nil }
            classes.append(scalarClass)
            follow.append(PositionSet())
            return Shape(nullable: false, first: PositionSet(position), last: PositionSet(position))
        case .sequence(let items):
            var shape = Shape(nullable: true, first: PositionSet(), last: PositionSet())
            for item in items {
                guard let part = build(item) else { return nil }
                link(shape.last, to: part.first)
                if shape.nullable { shape.first.formUnion(part.first) }
                if part.nullable { shape.last.formUnion(part.last) } else { shape.last = part.last }
                shape.nullable = shape.nullable && part.nullable
            }
            return shape
        case .choice(let branches):
            var shape = Shape(nullable: false, first: PositionSet(), last: PositionSet())
            for branch in branches {
                guard let part = build(branch) else { return nil }
                shape.nullable = shape.nullable || part.nullable
                shape.first.formUnion(part.first)
                shape.last.formUnion(part.last)
            }
            return shape
        case .repetition(let inner, let minimum, let maximum):
            // x{m,n} is m copies of x then n − m optional copies; x{m,} ends with a repeatable copy.
            guard minimum <= PatternMatcher.maximumPositions, (maximum ?? minimum) <= PatternMatcher.maximumPositions
            else { return nil }
            // ICU stops a loop whose body matched nothing, so a repeated part that can match the empty text
            // may make it miss matches (`(?:a?)*b`-like shapes): such patterns stay with ICU.
            if (maximum ?? 2) > 1, Self.matchesEmpty(inner) { return nil }
            var sequence = build(.sequence(Array(repeating: inner, count: minimum)))
            if let maximum {
                for _ in minimum..<maximum {
                    guard let current = sequence, let optional = build(inner) else { return nil }
                    sequence = append(current, Shape(nullable: true, first: optional.first, last: optional.last))
                }
                return sequence
            }
            guard let current = sequence, let repeated = build(inner) else { return nil }
            link(repeated.last, to: repeated.first)
            return append(current, Shape(nullable: true, first: repeated.first, last: repeated.last))
        }
    }

    private static func matchesEmpty(_ tree: PatternTree) -> Bool {
        switch tree {
        case .empty: true
        case .atom: false
        case .sequence(let items): items.allSatisfy(matchesEmpty)
        case .choice(let branches): branches.contains(where: matchesEmpty)
        case .repetition(let inner, let minimum, _): minimum == 0 || matchesEmpty(inner)
        }
    }

    private mutating func append(_ shape: Shape, _ part: Shape) -> Shape {
        link(shape.last, to: part.first)
        return Shape(
            nullable: shape.nullable && part.nullable,
            first: shape.nullable ? union(shape.first, part.first) : shape.first,
            last: part.nullable ? union(shape.last, part.last) : part.last)
    }

    private func union(_ lhs: PositionSet, _ rhs: PositionSet) -> PositionSet {
        var result = lhs
        result.formUnion(rhs)
        return result
    }

    private mutating func link(_ from: PositionSet, to targets: PositionSet) {
        from.eachPosition { follow[$0].formUnion(targets) }
    }
}
