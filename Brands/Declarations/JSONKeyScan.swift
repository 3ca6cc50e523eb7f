import Foundation

/// One pass over a JSON text's keys, with the key path and line of each:
/// what finds a key given twice in one object (JSON readers keep one of the
/// two silently; a person who wrote both meant something, so a declaration
/// file that has one is refused, as scenario files are), and the line a key
/// path of an error stands on.
public enum JSONKeyScan {
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
    static func firstDuplicate(in data: Data) -> (path: String, key: String)? {
        var found: (path: String, key: String)?
        scan(data) { path, key, isRepeated, _ in
            if isRepeated { found = (path, key) }
            return !isRepeated
        }
        return found
    }

    /// The line (from 1) of the key at `path` (`address.parts[2].options`),
    /// or of the deepest key on its way when the path ends inside a value
    /// (a list item); `nil` when not even its first key is in `data`.
    public static func line(of path: String, in data: Data) -> Int? {
        guard !path.isEmpty else { return nil }
        var best: (length: Int, line: Int)?
        scan(data) { keyPath, key, _, line in
            let full = keyPath.isEmpty ? key : keyPath + "." + key
            if full == path {
                best = (full.count, line)
                return false
            }
            if path.hasPrefix(full), let next = path.dropFirst(full.count).first, next == "." || next == "[",
                full.count > (best?.length ?? -1)
            {
                best = (full.count, line)
            }
            return true
        }
        return best?.line
    }

    /// Calls `visit` with each key's object path, the key, whether its object
    /// had it already and its line, until `visit` answers false.
    private static func scan(_ data: Data, visit: (String, String, Bool, Int) -> Bool) {
        let bytes = [UInt8](data)
        var levels: [Level] = []
        var position = 0
        var line = 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\n"):
                line += 1
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
                let isRepeated = levels[last].keys?.insert(key).inserted == false
                guard visit(path(levels), key, isRepeated, line) else { return }
                levels[last].latestKey = key
            default:
                break
            }
            position += 1
        }
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
