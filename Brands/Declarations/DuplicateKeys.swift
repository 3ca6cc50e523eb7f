import Foundation

/// Finds a key given twice in one object of a JSON text. JSON readers keep
/// one of the two silently; a person who wrote both meant something, so a
/// brand file that has one is refused, as scenario files are.
enum DuplicateKeys {
    /// One open object or array: its name in the key path, the keys seen so
    /// far (objects) or the position of the current element (arrays).
    private struct Level {
        var name: String
        var keys: Set<String>?
        var latestKey = ""
        var index = 0
    }

    /// Where the first repeated key is: the key path of its object
    /// (`theme.colours`, `joinForm.addFields[0]`; empty for the top level) and
    /// the key. `nil` when every object's keys are distinct. `data` must be
    /// valid JSON (read it first); the scan is one pass over its bytes.
    static func first(in data: Data) -> (path: String, key: String)? {
        let bytes = [UInt8](data)
        var levels: [Level] = []
        var position = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let name = levels.last.map { $0.keys == nil ? "[\($0.index)]" : $0.latestKey } ?? ""
                levels.append(Level(name: name, keys: bytes[position] == UInt8(ascii: "{") ? [] : nil))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = levels.popLast()
            case UInt8(ascii: ","):
                if let last = levels.indices.last, levels[last].keys == nil { levels[last].index += 1 }
            case UInt8(ascii: "\""):
                let start = position
                var escaped = false
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    if bytes[position] == UInt8(ascii: "\\") {
                        escaped = true
                        position += 1
                    }
                    position += 1
                }
                guard let last = levels.indices.last, levels[last].keys != nil, isKey(bytes, after: position) else {
                    break
                }
                let quoted = Data(bytes[start...min(position, bytes.count - 1)])
                let key =
                    escaped
                    ? (try? JSONDecoder().decode(String.self, from: quoted)) ?? ""
                    : String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
                if levels[last].keys?.insert(key).inserted == false { return (path(levels), key) }
                levels[last].latestKey = key
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// `theme.colours`, `joinForm.addFields[0].field`: the names of the open levels below the top.
    private static func path(_ levels: [Level]) -> String {
        var text = ""
        for level in levels.dropFirst() {
            text += level.name.hasPrefix("[") || text.isEmpty ? level.name : "." + level.name
        }
        return text
    }

    /// Whether the string whose closing quote is at `end` is followed by a colon: a key.
    private static func isKey(_ bytes: [UInt8], after end: Int) -> Bool {
        var next = end + 1
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: ":")
    }
}
