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

extension ScalarClass {
    /// The one scalar a class of a single literal holds, for the ends of ranges.
    var single: UInt32? {
        guard !negated, items.count == 1, case (.range(let range), false) = items[0], range.count == 1 else {
            return nil
        }
        return range.lowerBound
    }
}
