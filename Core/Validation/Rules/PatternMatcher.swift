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
