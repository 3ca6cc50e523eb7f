import BrandDeclarations
import LiveryCore

/// Mutations of a JSON document for fuzzing a reader: a value grown into a
/// list or wrapped in an object (more size and nesting), replaced by hostile
/// text, an extreme number, `null` or a bool, or a member dropped, repeated
/// under a new name or mutated deeper.
public enum JSONMutation {
    /// One mutation of `value`, drawn from `random`; `depth` bounds how deep a mutation reaches (six levels).
    public static func mutate(_ value: JSONValue, _ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .array(Array(repeating: value, count: Int.random(in: 2...8, using: &random)))
        case 1: return .object([("x\(Int.random(in: 0...9, using: &random))", value)])
        case 2: return .string(String(repeating: "🏇\u{202E}\0'\"", count: Int.random(in: 1...600, using: &random)))
        case 3:
            return .number(
                [Double.greatestFiniteMagnitude, -1, 1e300, 0.5, -0.0][Int.random(in: 0..<5, using: &random)])
        case 4: return .null
        case 5: return .bool(Bool.random(using: &random))
        default:
            guard depth < 6 else { return value }
            switch value {
            case .object(var members) where !members.isEmpty:
                let index = Int.random(in: 0..<members.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: members.remove(at: index)
                case 1: members.append((members[index].key + "s", members[index].value))
                default: members[index].value = mutate(members[index].value, &random, depth: depth + 1)
                }
                return .object(members)
            case .array(var items) where !items.isEmpty:
                let index = Int.random(in: 0..<items.count, using: &random)
                items[index] = mutate(items[index], &random, depth: depth + 1)
                return .array(items)
            default:
                return mutate(value, &random, depth: depth + 1)
            }
        }
    }
}
