import LiveryCore

/// An immutable inverted index of token prefixes over the addresses of one region.
///
/// The vocabulary is sorted by UTF-8 bytes, so every token starting with a
/// prefix has an id in one contiguous range, found by two binary searches.
/// A query takes its most selective token's postings as candidates and checks
/// the other tokens against each candidate's few token ids, so a search
/// touches a handful of postings rather than every address.
final class AddressIndex: Sendable {
    let addresses: [PostalAddress]
    let texts: [String]
    private let vocabulary: [String]
    private let postings: [[Int32]]
    /// `postingTotals[i]` is the number of postings of tokens `0..<i`.
    private let postingTotals: [Int]
    /// The token ids (aliases included) of each address.
    private let addressTokens: [[Int32]]
    /// The token id of each address's street number.
    private let streetNumberTokens: [Int32]

    init(addresses: [PostalAddress]) {
        self.addresses = addresses
        texts = addresses.map(\.singleLine)
        var tokenLists: [[String]] = []
        tokenLists.reserveCapacity(addresses.count)
        var words = Set<String>()
        for address in addresses {
            var tokens: [String] = []
            for token in AddressTokenizer.tokens(address.singleLine) where !tokens.contains(token) {
                tokens.append(token)
                for alias in AddressTokenizer.aliases(of: token) where !tokens.contains(alias) { tokens.append(alias) }
            }
            words.formUnion(tokens)
            tokenLists.append(tokens)
        }
        vocabulary = words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var ids: [String: Int32] = [:]
        for (id, word) in vocabulary.enumerated() { ids[word] = Int32(id) }
        var postings = [[Int32]](repeating: [], count: vocabulary.count)
        addressTokens = tokenLists.enumerated().map { index, tokens in
            tokens.map { token in
                let id = ids[token]!
                postings[Int(id)].append(Int32(index))
                return id
            }
        }
        streetNumberTokens = addresses.map { address in
            AddressTokenizer.tokens(address.streetNumber).first.flatMap { ids[$0] } ?? -1
        }
        self.postings = postings
        var totals = [0]
        totals.reserveCapacity(postings.count + 1)
        for list in postings { totals.append(totals[totals.count - 1] + list.count) }
        postingTotals = totals
    }

    /// The indices of the best `limit` addresses for `query`, best first.
    ///
    /// Every query token must match a token of the address (exactly, or as a
    /// prefix where ``QueryToken/allowsPrefix``). Ranking: exact matches count
    /// more than prefix matches, a number that matches the street number
    /// counts extra, then shorter addresses come first, then index order.
    func search(_ query: String, limit: Int) -> [Int] {
        let tokens = QueryToken.parse(query)
        guard !tokens.isEmpty, limit > 0 else { return [] }
        var matches: [TokenMatch] = []
        for token in tokens {
            let match = match(token)
            if match.range.isEmpty { return [] }
            matches.append(match)
        }
        // "3/12 smith": the number just before the first word is the street number.
        let firstWord = tokens.firstIndex { !$0.isNumeric } ?? tokens.count
        let streetNumber = firstWord > 0 && firstWord < tokens.count ? matches[firstWord - 1].exact : nil
        let seed = matches.indices.min { postingCount(matches[$0].range) < postingCount(matches[$1].range) }!
        var ranked: [(index: Int32, score: Int, length: Int)] = []
        for candidate in candidates(in: matches[seed].range) {
            let own = addressTokens[Int(candidate)]
            var score = 0
            for match in matches {
                let quality = match.quality(against: own)
                if quality == 0 { score = -1; break }
                score += quality
            }
            guard score > 0 else { continue }
            if let streetNumber, streetNumberTokens[Int(candidate)] == streetNumber { score += 2 }
            ranked.append((candidate, score, own.count))
        }
        ranked.sort { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if lhs.length != rhs.length { return lhs.length < rhs.length }
            return lhs.index < rhs.index
        }
        return ranked.prefix(limit).map { Int($0.index) }
    }

    /// How a query token matches: its exact token id, if indexed, and the ids it may match.
    private struct TokenMatch {
        let exact: Int32?
        let range: Range<Int32>

        /// 3 for an exact match, 1 for a prefix match, 0 for none.
        func quality(against tokens: [Int32]) -> Int {
            var best = 0
            for token in tokens {
                if token == exact { return 3 }
                if range.contains(token) { best = 1 }
            }
            return best
        }
    }

    private func match(_ token: QueryToken) -> TokenMatch {
        let bytes = Array(token.text.utf8)
        let lower = lowerBound(bytes)
        let exact: Int32? = lower < vocabulary.count && vocabulary[lower].utf8.elementsEqual(bytes) ? Int32(lower) : nil
        guard token.allowsPrefix else {
            return TokenMatch(exact: exact, range: exact.map { $0..<($0 + 1) } ?? 0..<0)
        }
        let upper = lowerBound(bytes + [0xFF])
        return TokenMatch(exact: exact, range: Int32(lower)..<Int32(upper))
    }

    /// The first vocabulary position whose token is not below `bytes`.
    private func lowerBound(_ bytes: [UInt8]) -> Int {
        var low = 0, high = vocabulary.count
        while low < high {
            let middle = (low + high) / 2
            if vocabulary[middle].utf8.lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func postingCount(_ range: Range<Int32>) -> Int {
        postingTotals[Int(range.upperBound)] - postingTotals[Int(range.lowerBound)]
    }

    /// The addresses holding any token in `range`, each once, in index order.
    private func candidates(in range: Range<Int32>) -> [Int32] {
        if range.count == 1 { return postings[Int(range.lowerBound)] }
        var all: [Int32] = []
        all.reserveCapacity(postingCount(range))
        for id in range { all.append(contentsOf: postings[Int(id)]) }
        all.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(all.count)
        for value in all where unique.last != value { unique.append(value) }
        return unique
    }
}
