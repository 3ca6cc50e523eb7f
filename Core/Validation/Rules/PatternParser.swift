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

    static let generalCategories: [String: Set<Unicode.GeneralCategory>] = [
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
