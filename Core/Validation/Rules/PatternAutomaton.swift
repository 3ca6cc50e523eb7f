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
