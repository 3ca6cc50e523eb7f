import Foundation

/// Splits address text into search tokens, the same way for the index and
/// for queries: case and diacritics folded ("Whangārei" → `whangarei`),
/// apostrophes dropped ("O'Connor" → `oconnor`), any other punctuation a
/// separator ("3/12" → `3`, `12`).
enum AddressTokenizer {
    /// The tokens of `text`, in order.
    static func tokens(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(text) }
        let folded = text.lowercased().folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" { continue }
            if CharacterSet.alphanumerics.contains(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// ``tokens(_:)`` of ASCII text, byte by byte: ASCII has no diacritics or
    /// widths to fold, its letters and digits are the alphanumerics, and its
    /// apostrophe is dropped.
    private static func asciiTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.utf8.count) { buffer in
            var length = 0
            func finish() {
                if length > 0 {
                    tokens.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self))
                }
                length = 0
            }
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    buffer[length] = byte
                    length += 1
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    buffer[length] = byte + 0x20
                    length += 1
                case UInt8(ascii: "'"): continue
                default: finish()
                }
            }
            finish()
        }
        return tokens
    }

    /// Other spellings indexed beside a token, so that "st" finds "Street"
    /// and "street" finds "St": street types, "mount" and "saint".
    static func aliases(of token: String) -> [String] {
        aliasTable[token] ?? []
    }

    private static let aliasGroups: [[String]] = [
        ["street", "st"], ["road", "rd"], ["avenue", "ave", "av"], ["parade", "pde"], ["crescent", "cres", "cr"],
        ["drive", "dr"], ["place", "pl"], ["lane", "ln"], ["terrace", "tce", "terr"], ["court", "ct"],
        ["close", "cl"], ["boulevard", "blvd"], ["highway", "hwy"], ["grove", "gr"], ["way", "wy"],
        ["mount", "mt"], ["saint", "st"], ["north", "nth"], ["south", "sth"],
    ]

    private static let aliasTable: [String: [String]] = {
        var table: [String: [String]] = [:]
        for group in aliasGroups {
            for token in group {
                for other in group where other != token && !table[token, default: []].contains(other) {
                    table[token, default: []].append(other)
                }
            }
        }
        return table
    }()

    /// Words that only introduce a unit number ("unit 3", "flat 2").
    static let unitWords: Set<String> = ["unit", "flat", "apartment", "apt", "u", "shop", "suite", "villa"]
}

/// One token of a query and how it may match.
struct QueryToken: Hashable {
    let text: String
    /// Whether it may match the start of an indexed token (e.g. `smi` → `smith`).
    let allowsPrefix: Bool
    let isNumeric: Bool

    /// The tokens of a query. Words are matched by prefix; a token with a digit
    /// must match exactly (so `12` does not find `120`) unless it is the last
    /// and the user may still be typing it. A unit word before a number is dropped.
    static func parse(_ query: String) -> [QueryToken] {
        let raw = AddressTokenizer.tokens(query)
        let endsInWord = query.unicodeScalars.last.map { CharacterSet.alphanumerics.contains($0) } ?? false
        var tokens: [QueryToken] = []
        for (index, token) in raw.enumerated() {
            let isLast = index == raw.count - 1
            let numeric = hasDigit(token)
            if AddressTokenizer.unitWords.contains(token), !isLast, hasDigit(raw[index + 1]) {
                continue
            }
            tokens.append(QueryToken(text: token, allowsPrefix: !numeric || (isLast && endsInWord), isNumeric: numeric))
        }
        return tokens
    }

    private static func hasDigit(_ token: String) -> Bool {
        if token.utf8.allSatisfy({ $0 < 0x80 }) {
            return token.utf8.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        return token.unicodeScalars.contains { CharacterSet.decimalDigits.contains($0) }
    }
}
