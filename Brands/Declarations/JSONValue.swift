import Foundation
import LiveryCore

/// A JSON document as a value: what a brand file is read into before each
/// key is checked, and what it is written from, keys in the order given.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// Text.
    case string(String)
    /// A list.
    case array([JSONValue])
    /// An object, its keys in order.
    case object([(key: String, value: JSONValue)])

    /// Two values are equal when they hold the same data; an object's key order does not count.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            Dictionary(a.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                == Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        default: false
        }
    }

    /// Hashes the data; an object's key order does not count.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            hasher.combine(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// `value` encoded as JSON and read back (object keys sorted); `null`
    /// when it does not encode.
    public init(encoding value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value), let json = try? JSONDecoder().decode(JSONValue.self, from: data)
        else {
            self = .null
            return
        }
        self = json
    }

    /// What kind of value this is, in words for an error message.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "text"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The value as pretty-printed JSON text: two-space indents, keys in
    /// their order, short lists of scalars on one line, a final newline.
    public func formatted() -> String {
        var text = ""
        write(into: &text, indent: "")
        return text + "\n"
    }

    private func write(into text: inout String, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value):
            text += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): text += Self.quoted(value)
        case .array(let values):
            if values.isEmpty {
                text += "[]"
                return
            }
            if values.allSatisfy(\.isScalar) {
                var line = ""
                for (index, value) in values.enumerated() {
                    if index > 0 { line += ", " }
                    value.write(into: &line, indent: indent)
                }
                if line.count <= 80 {
                    text += "[" + line + "]"
                    return
                }
            }
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += indent + "  "
                value.write(into: &text, indent: indent + "  ")
                text += index == values.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            if members.isEmpty {
                text += "{}"
                return
            }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += indent + "  " + Self.quoted(member.key) + ": "
                member.value.write(into: &text, indent: indent + "  ")
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// `text` as a double-quoted string that JSON and YAML both read back as
    /// written: quotes, backslashes, line breaks (the line and paragraph
    /// separators too, which YAML 1.1 reads as breaks), control characters and
    /// invisible formatting characters (such as a right-to-left override) escaped.
    public static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value)
                || (scalar.value <= 0xFFFF && scalar.properties.generalCategory == .format):
                quoted += String(format: "\\u%04X", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension JSONValue: Codable {
    /// Reads any JSON value; an object's keys come sorted (a decoder keeps no order).
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !list.isAtEnd { values.append(try list.decode(JSONValue.self)) }
            self = .array(values)
        } else if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    (key.stringValue, try object.decode(JSONValue.self, forKey: key))
                })
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Writes the value.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let values):
            var list = encoder.unkeyedContainer()
            for value in values { try list.encode(value) }
        case .object(let members):
            var object = encoder.container(keyedBy: AnyCodingKey.self)
            for member in members { try object.encode(member.value, forKey: AnyCodingKey(member.key)) }
        }
    }
}

extension JSONValue {
    /// How deeply the arrays and objects of the JSON text `data` nest (0 for
    /// a bare value), counted on the bytes before anything is decoded, so a
    /// reader can refuse a hostile nesting cheaply.
    public static func nestingDepth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

extension JSONValue {
    /// The value of an object's member `key`; `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
