import Foundation

/// Splits address text into search tokens, the same way for the index and
/// for queries: case and diacritics folded ("Whangārei" → `whangarei`),
/// apostrophes dropped ("O'Connor" → `oconnor`), any other punctuation a
/// separator ("3/12" → `3`, `12`).
enum AddressTokenizer {
    /// The tokens of `text`, in order.
    static func tokens(_ text: String) -> [String] {
        let folded = text.lowercased().folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
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
            let numeric = token.unicodeScalars.contains { CharacterSet.decimalDigits.contains($0) }
            if AddressTokenizer.unitWords.contains(token), !isLast,
               raw[index + 1].unicodeScalars.contains(where: { CharacterSet.decimalDigits.contains($0) }) {
                continue
            }
            tokens.append(QueryToken(text: token, allowsPrefix: !numeric || (isLast && endsInWord), isNumeric: numeric))
        }
        return tokens
    }
}
