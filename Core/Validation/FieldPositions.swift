/// Where each field of a form sits, found by name.
///
/// A form of a few dozen fields is searched in order, comparing the name's
/// length before its text: cheaper than hashing the name, which a dictionary
/// must do on every look-up. Larger forms use a dictionary. One reference in
/// size, so a rule's context holding it stays inline.
struct FieldPositions: Sendable {
    /// The most fields searched in order.
    static let scannedLimit = 32

    private enum Storage {
        case scanned([(length: Int, name: FieldName)])
        case hashed([FieldName: Int])
    }

    private let storage: Storage

    /// The positions of `names`, which must be unique.
    init(_ names: [FieldName]) {
        storage =
            names.count > Self.scannedLimit
            ? .hashed(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) }))
            : .scanned(names.map { ($0.rawValue.utf8.count, $0) })
    }

    /// The position of `name`, or `nil` when the form has no such field.
    subscript(name: FieldName) -> Int? {
        switch storage {
        case .hashed(let table):
            return table[name]
        case .scanned(let entries):
            let length = name.rawValue.utf8.count
            return entries.withUnsafeBufferPointer { entries in
                var index = 0
                while index < entries.count {
                    if entries[index].length == length, entries[index].name == name { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}

/// Values kept by field name (a field's traits, its input type), found the
/// way a form finds its fields: by a scan comparing lengths first for a few
/// dozen names, by hashing for more.
public struct FieldLookup<Value: Sendable>: Sendable {
    private let positions: FieldPositions
    private let values: [Value]

    /// The values of `entries`, whose names must be unique.
    public init(_ entries: [(name: FieldName, value: Value)]) {
        positions = FieldPositions(entries.map(\.name))
        values = entries.map(\.value)
    }

    /// The value kept for `name`, or `nil` when there is none.
    public subscript(name: FieldName) -> Value? {
        positions[name].map { values[$0] }
    }
}
