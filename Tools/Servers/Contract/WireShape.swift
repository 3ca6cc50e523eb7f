import BrandDeclarations
import Foundation
import LiveryWire

/// The shape a wire type's `Decodable` conformance reads, found by letting
/// it decode from a decoder that answers every question and writes down
/// what was asked: which keys, of which types, which through
/// `decodeIfPresent` (optional). So the published schemas are read from the
/// very code the clients and the sandbox decode with, never kept beside it.
indirect enum WireShape {
    case string, integer, number, boolean
    /// An object of named properties; `optional` are those that may be absent or `null`.
    case object(type: Any.Type, properties: [(name: String, shape: WireShape)], optional: Set<String>)
    case list(WireShape)
    /// An object of any keys, each holding `value`.
    case map(WireShape)
    /// A shape written out as JSON Schema (``WireAlternatives``).
    case written(type: Any.Type, schema: JSONValue)
    /// Nothing was read (a custom decoder that asked nothing).
    case unknown

    /// The shape `type` decodes.
    /// - Throws: ``ShapeReadingError`` when the conformance cannot be read this way.
    static func of<Value: Decodable>(_ type: Value.Type) throws -> WireShape {
        let node = ShapeNode()
        _ = try ShapeNode.decode(type, into: node)
        return node.shape
    }
}

/// Why a type's shape could not be read.
struct ShapeReadingError: Error, CustomStringConvertible {
    let description: String
}

/// What one decoded value turned out to be, filled in as it is decoded.
final class ShapeNode {
    enum Kind {
        case unknown, string, integer, number, boolean, keyed, list, map
        case written(JSONValue)
    }
    var kind = Kind.unknown
    var type: Any.Type?
    var properties: [(name: String, node: ShapeNode)] = []
    var optional: Set<String> = []
    var item: ShapeNode?

    /// Decodes `type` from a recording decoder over `node`, noting the type.
    static func decode<Value: Decodable>(_ type: Value.Type, into node: ShapeNode) throws -> Value {
        if let written = type as? any WireAlternatives.Type {
            guard let schema = try? JSONDecoder().decode(JSONValue.self, from: Data(written.wireSchema.utf8)) else {
                throw ShapeReadingError(description: "\(type)'s wireSchema is not JSON")
            }
            node.kind = .written(schema)
        }
        node.type = type
        return try Value(from: ShapeDecoder(node: node))
    }

    /// The child for `key` (made on first use).
    func property(_ key: String) -> ShapeNode {
        if let found = properties.first(where: { $0.name == key }) { return found.node }
        let child = ShapeNode()
        properties.append((key, child))
        return child
    }

    var shape: WireShape {
        switch kind {
        case .unknown: .unknown
        case .string: .string
        case .integer: .integer
        case .number: .number
        case .boolean: .boolean
        case .list: .list(item?.shape ?? .unknown)
        case .map: .map(item?.shape ?? .unknown)
        case .written(let schema): .written(type: type ?? Any.self, schema: schema)
        case .keyed:
            .object(
                type: type ?? Any.self, properties: properties.map { ($0.name, $0.node.shape) },
                optional: optional)
        }
    }

    /// The key a map's keyed container is asked for: no `CodingKeys` enum takes it.
    static let mapKey = "\u{1}any"

    func leaf<Value>(_ kind: Kind, _ value: Value) -> Value {
        if case .written = self.kind { return value }
        self.kind = kind
        return value
    }
}

private struct ShapeDecoder: Decoder {
    let node: ShapeNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if Key(stringValue: ShapeNode.mapKey) != nil {
            node.kind = .map
            node.item = node.item ?? ShapeNode()
        } else if case .written = node.kind {
        } else {
            node.kind = .keyed
        }
        return KeyedDecodingContainer(KeyedShape<Key>(node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        node.kind = .list
        node.item = node.item ?? ShapeNode()
        return UnkeyedShape(node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleShape(node: node) }
}

private struct KeyedShape<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: ShapeNode
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        guard case .map = node.kind, let key = Key(stringValue: ShapeNode.mapKey) else { return [] }
        return [key]
    }

    private func child(_ key: Key) -> ShapeNode {
        if case .map = node.kind, let item = node.item { return item }
        return node.property(key.stringValue)
    }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        node.optional.insert(key.stringValue)
        _ = child(key)
        return false
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try ShapeNode.decode(type, into: child(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { child(key).leaf(.boolean, false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { child(key).leaf(.string, "") }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { child(key).leaf(.number, 0) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { child(key).leaf(.number, 0) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { child(key).leaf(.integer, 0) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { child(key).leaf(.integer, 0) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { child(key).leaf(.integer, 0) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { child(key).leaf(.integer, 0) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { child(key).leaf(.integer, 0) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { child(key).leaf(.integer, 0) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { child(key).leaf(.integer, 0) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { child(key).leaf(.integer, 0) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { child(key).leaf(.integer, 0) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { child(key).leaf(.integer, 0) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ShapeDecoder(node: child(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ShapeDecoder(node: child(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ShapeDecoder(node: node) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ShapeDecoder(node: child(key)) }
}

/// A list read as one item.
private final class UnkeyedShape: UnkeyedDecodingContainer {
    let node: ShapeNode
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }
    private var item: ShapeNode { node.item ?? ShapeNode() }

    init(node: ShapeNode) { self.node = node }

    func decodeNil() throws -> Bool { false }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        currentIndex += 1
        return try ShapeNode.decode(type, into: item)
    }

    private func leaf<Value>(_ kind: ShapeNode.Kind, _ value: Value) -> Value {
        currentIndex += 1
        return item.leaf(kind, value)
    }

    func decode(_ type: Bool.Type) throws -> Bool { leaf(.boolean, false) }
    func decode(_ type: String.Type) throws -> String { leaf(.string, "") }
    func decode(_ type: Double.Type) throws -> Double { leaf(.number, 0) }
    func decode(_ type: Float.Type) throws -> Float { leaf(.number, 0) }
    func decode(_ type: Int.Type) throws -> Int { leaf(.integer, 0) }
    func decode(_ type: Int8.Type) throws -> Int8 { leaf(.integer, 0) }
    func decode(_ type: Int16.Type) throws -> Int16 { leaf(.integer, 0) }
    func decode(_ type: Int32.Type) throws -> Int32 { leaf(.integer, 0) }
    func decode(_ type: Int64.Type) throws -> Int64 { leaf(.integer, 0) }
    func decode(_ type: UInt.Type) throws -> UInt { leaf(.integer, 0) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { leaf(.integer, 0) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { leaf(.integer, 0) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { leaf(.integer, 0) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { leaf(.integer, 0) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        currentIndex += 1
        return try ShapeDecoder(node: item).container(keyedBy: type)
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try ShapeDecoder(node: item).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ShapeDecoder(node: item) }
}

private struct SingleShape: SingleValueDecodingContainer {
    let node: ShapeNode
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try ShapeNode.decode(type, into: node) }
    func decode(_ type: Bool.Type) throws -> Bool { node.leaf(.boolean, false) }
    func decode(_ type: String.Type) throws -> String { node.leaf(.string, "") }
    func decode(_ type: Double.Type) throws -> Double { node.leaf(.number, 0) }
    func decode(_ type: Float.Type) throws -> Float { node.leaf(.number, 0) }
    func decode(_ type: Int.Type) throws -> Int { node.leaf(.integer, 0) }
    func decode(_ type: Int8.Type) throws -> Int8 { node.leaf(.integer, 0) }
    func decode(_ type: Int16.Type) throws -> Int16 { node.leaf(.integer, 0) }
    func decode(_ type: Int32.Type) throws -> Int32 { node.leaf(.integer, 0) }
    func decode(_ type: Int64.Type) throws -> Int64 { node.leaf(.integer, 0) }
    func decode(_ type: UInt.Type) throws -> UInt { node.leaf(.integer, 0) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { node.leaf(.integer, 0) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { node.leaf(.integer, 0) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { node.leaf(.integer, 0) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { node.leaf(.integer, 0) }
}
