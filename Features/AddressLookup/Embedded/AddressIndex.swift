import LiveryCore

/// An immutable inverted index of token prefixes over the addresses of one market.
///
/// The vocabulary is sorted by UTF-8 bytes, so every token starting with a
/// prefix has an id in one contiguous range, found by two binary searches.
/// A query takes its most selective token's postings as candidates and checks
/// the other tokens against each candidate's few token ids, so a search
/// touches a handful of postings rather than every address.
///
/// Typos: a query word of five or more letters that is not a word of the
/// index also matches the words one edit away from it — a letter added,
/// dropped or changed, or two neighbours swapped (`smtih` → `smith`) — found
/// through each word's one-letter deletions, indexed beside the vocabulary.
/// A query word more than one letter longer than the longest indexed word
/// cannot be one edit from any, so it is never expanded: the work stays
/// linear in the query's length, whatever its words.
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
    /// Where each address stands among equal scores: its token count, then its index (``rankKey(_:)``).
    private let rankKeys: [UInt64]
    /// The ids of the words of ``Typo/shortestWord`` or more letters, under
    /// the word itself and under each of its one-letter deletions.
    private let deletions: [String: [Int32]]
    /// The bytes of the longest word indexed under its deletions.
    private let longestTypoWord: Int

    /// Everything an index holds that is not derived on loading: what the
    /// prepared index file stores.
    struct Parts: Equatable {
        var addresses: [PostalAddress]
        var texts: [String]
        var vocabulary: [String]
        /// Per token id, the addresses holding it, in ranking order.
        var postings: [[Int32]]
        var addressTokens: [[Int32]]
        var streetNumberTokens: [Int32]
        var deletions: [String: [Int32]]
    }

    /// The index over `addresses`: tokenised, sorted and cross-referenced.
    convenience init(addresses: [PostalAddress]) {
        let texts = addresses.map(\.singleLine)
        var tokenLists: [[String]] = []
        tokenLists.reserveCapacity(addresses.count)
        var words = Set<String>()
        for text in texts {
            var tokens: [String] = []
            for token in AddressTokenizer.tokens(text) where !tokens.contains(token) {
                tokens.append(token)
                for alias in AddressTokenizer.aliases(of: token) where !tokens.contains(alias) { tokens.append(alias) }
            }
            words.formUnion(tokens)
            tokenLists.append(tokens)
        }
        let vocabulary = words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var ids: [String: Int32] = [:]
        for (id, word) in vocabulary.enumerated() { ids[word] = Int32(id) }
        var postings = [[Int32]](repeating: [], count: vocabulary.count)
        let addressTokens = tokenLists.enumerated().map { index, tokens in
            tokens.map { token in
                let id = ids[token]!
                postings[Int(id)].append(Int32(index))
                return id
            }
        }
        let streetNumberTokens = addresses.map { address in
            AddressTokenizer.tokens(address.streetNumber).first.flatMap { ids[$0] } ?? -1
        }
        let rankKeys = Self.rankKeys(addressTokens)
        var deletions: [String: [Int32]] = [:]
        for (id, word) in vocabulary.enumerated() where Typo.isWord(word, shortest: Typo.shortestWord) {
            for key in Typo.keys(of: word) { deletions[key, default: []].append(Int32(id)) }
        }
        // Each posting list in ranking order (fewer tokens first, then index), so a search can stop once
        // nothing later in a list can rank among the best.
        self.init(
            Parts(
                addresses: addresses, texts: texts, vocabulary: vocabulary,
                postings: postings.map { list in list.sorted { rankKeys[Int($0)] < rankKeys[Int($1)] } },
                addressTokens: addressTokens, streetNumberTokens: streetNumberTokens, deletions: deletions))
    }

    /// An index of prepared `parts`: nothing is tokenised or sorted again.
    init(_ parts: Parts) {
        addresses = parts.addresses
        texts = parts.texts
        vocabulary = parts.vocabulary
        postings = parts.postings
        addressTokens = parts.addressTokens
        streetNumberTokens = parts.streetNumberTokens
        deletions = parts.deletions
        longestTypoWord =
            parts.vocabulary.lazy.filter { Typo.isWord($0, shortest: Typo.shortestWord) }.map(\.utf8.count).max() ?? 0
        rankKeys = Self.rankKeys(parts.addressTokens)
        var totals = [0]
        totals.reserveCapacity(parts.postings.count + 1)
        for list in parts.postings { totals.append(totals[totals.count - 1] + list.count) }
        postingTotals = totals
    }

    /// What the prepared index file stores of this index.
    var parts: Parts {
        Parts(
            addresses: addresses, texts: texts, vocabulary: vocabulary, postings: postings,
            addressTokens: addressTokens,
            streetNumberTokens: streetNumberTokens, deletions: deletions)
    }

    private static func rankKeys(_ addressTokens: [[Int32]]) -> [UInt64] {
        addressTokens.enumerated().map { UInt64($0.element.count) << 32 | UInt64($0.offset) }
    }

    /// The indices of the best `limit` addresses for `query`, best first.
    ///
    /// Every query token must match a token of the address (exactly, as a
    /// prefix where ``QueryToken/allowsPrefix``, or one edit away when it is
    /// a word of five or more letters the index does not hold). Ranking:
    /// exact matches count more than prefix and one-edit matches, so an
    /// address matching every word exactly comes first; a number that matches
    /// the street number counts extra, then shorter addresses come first,
    /// then index order.
    func search(_ query: String, limit: Int) -> [Int] {
        guard let plan = plan(query, limit: limit) else { return [] }
        var best = BestResults(limit: limit)
        let seed = plan.matches[plan.seed]
        // The seed's exact postings first: there the seed token scores 3. Then the rest, where it scores at
        // most 1, skipping what the first pass saw. Each pass runs in ranking order and stops as soon as
        // no later candidate can enter the results.
        if let exact = seed.exact {
            for candidate in postings[Int(exact)] {
                if best.isClosed(to: plan.maximumScore, at: rankKey(candidate)) { break }
                consider(candidate, plan, into: &best)
            }
        }
        let secondBest = plan.maximumScore - (seed.exact == nil ? 0 : 2)
        if best.isClosed(to: secondBest, at: 0) { return best.indices }
        var merged = MergedPostings(seed, except: seed.exact, postings: postings, keys: rankKeys)
        while let candidate = merged.next() {
            if best.isClosed(to: secondBest, at: rankKey(candidate)) { break }
            if let exact = seed.exact, addressTokens[Int(candidate)].contains(exact) { continue }
            consider(candidate, plan, into: &best)
        }
        return best.indices
    }

    /// The same results as ``search(_:limit:)``, found by scoring every
    /// candidate of the most selective token and sorting them all: the
    /// ranking's plain definition, which the tests and the benchmark compare with.
    func searchByScoringAll(_ query: String, limit: Int) -> [Int] {
        guard let plan = plan(query, limit: limit) else { return [] }
        var ranked: [(index: Int32, score: Int, key: UInt64)] = []
        var merged = MergedPostings(plan.matches[plan.seed], except: nil, postings: postings, keys: rankKeys)
        while let candidate = merged.next() {
            if let score = score(candidate, plan) { ranked.append((candidate, score, rankKey(candidate))) }
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
        return ranked.prefix(limit).map { Int($0.index) }
    }

    /// What a query asks: how each token matches, the street number's token,
    /// the most selective token and the best score an address can reach.
    private struct Plan {
        let matches: [TokenMatch]
        let streetNumber: Int32?
        let seed: Int
        let maximumScore: Int
    }

    /// The plan of `query`, or nil when no address can match it.
    private func plan(_ query: String, limit: Int) -> Plan? {
        let tokens = QueryToken.parse(query)
        guard !tokens.isEmpty, limit > 0 else { return nil }
        var matches: [TokenMatch] = []
        for token in tokens {
            let match = match(token)
            if match.range.isEmpty && match.nearby.isEmpty { return nil }
            matches.append(match)
        }
        // "3/12 smith": the number just before the first word is the street number.
        let firstWord = tokens.firstIndex { !$0.isNumeric } ?? tokens.count
        let streetNumber = firstWord > 0 && firstWord < tokens.count ? matches[firstWord - 1].exact : nil
        let seed = matches.indices.min { postingCount(matches[$0]) < postingCount(matches[$1]) }!
        let maximum = matches.reduce(0) { $0 + ($1.exact == nil ? 1 : 3) } + (streetNumber == nil ? 0 : 2)
        return Plan(matches: matches, streetNumber: streetNumber, seed: seed, maximumScore: maximum)
    }

    /// Keeps `candidate` in `best` if it matches every token of `plan`.
    private func consider(_ candidate: Int32, _ plan: Plan, into best: inout BestResults) {
        if let score = score(candidate, plan) { best.insert(candidate, score: score, key: rankKey(candidate)) }
    }

    /// `candidate`'s score for `plan`, or nil when a token of the query matches none of its tokens.
    private func score(_ candidate: Int32, _ plan: Plan) -> Int? {
        let own = addressTokens[Int(candidate)]
        var score = 0
        for match in plan.matches {
            let quality = match.quality(against: own)
            if quality == 0 { return nil }
            score += quality
        }
        if let streetNumber = plan.streetNumber, streetNumberTokens[Int(candidate)] == streetNumber { score += 2 }
        return score
    }

    /// Where an address stands among equal scores: fewer tokens first, then index order.
    private func rankKey(_ address: Int32) -> UInt64 {
        rankKeys[Int(address)]
    }

    /// How a query token matches: its exact token id, if indexed, the ids it
    /// may match as a prefix, and the words one edit away (sorted).
    fileprivate struct TokenMatch {
        let exact: Int32?
        let range: Range<Int32>
        var nearby: [Int32] = []

        /// 3 for an exact match, 1 for a prefix or one-edit match, 0 for none.
        func quality(against tokens: [Int32]) -> Int {
            var best = 0
            for token in tokens {
                if token == exact { return 3 }
                if range.contains(token) || nearby.contains(token) { best = 1 }
            }
            return best
        }
    }

    private func match(_ token: QueryToken) -> TokenMatch {
        let bytes = Array(token.text.utf8)
        let lower = lowerBound(bytes)
        let exact: Int32? = lower < vocabulary.count && vocabulary[lower].utf8.elementsEqual(bytes) ? Int32(lower) : nil
        var match: TokenMatch
        if token.allowsPrefix {
            match = TokenMatch(exact: exact, range: Int32(lower)..<Int32(lowerBound(bytes + [0xFF])))
        } else {
            match = TokenMatch(exact: exact, range: exact.map { $0..<($0 + 1) } ?? 0..<0)
        }
        if exact == nil, bytes.count <= longestTypoWord + 1, Typo.isWord(token.text, shortest: Typo.shortestQuery) {
            var nearby: [Int32] = []
            for key in Typo.keys(of: token.text) {
                for id in deletions[key] ?? []
                where !nearby.contains(id) && !match.range.contains(id)
                    && Typo.areOneEditApart(bytes, Array(vocabulary[Int(id)].utf8))
                {
                    nearby.append(id)
                }
            }
            match.nearby = nearby.sorted()
        }
        return match
    }

    /// The first vocabulary position whose token is not below `bytes`.
    private func lowerBound(_ bytes: [UInt8]) -> Int {
        var low = 0
        var high = vocabulary.count
        while low < high {
            let middle = (low + high) / 2
            if vocabulary[middle].utf8.lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many postings the tokens `match` may match hold between them.
    private func postingCount(_ match: TokenMatch) -> Int {
        postingTotals[Int(match.range.upperBound)] - postingTotals[Int(match.range.lowerBound)]
            + match.nearby.reduce(0) { $0 + postings[Int($1)].count }
    }
}

/// The best results so far, at most `limit`, best first: higher score, then
/// lower rank key (fewer tokens, then index order).
private struct BestResults {
    let limit: Int
    private var entries: [(index: Int32, score: Int, key: UInt64)] = []

    init(limit: Int) {
        self.limit = limit
    }

    var indices: [Int] { entries.map { Int($0.index) } }

    /// Whether no candidate scoring at most `score` at rank key `key` or later can enter.
    func isClosed(to score: Int, at key: UInt64) -> Bool {
        guard entries.count == limit, let worst = entries.last else { return false }
        return worst.score > score || (worst.score == score && worst.key < key)
    }

    mutating func insert(_ index: Int32, score: Int, key: UInt64) {
        func ranksBefore(_ entry: (index: Int32, score: Int, key: UInt64)) -> Bool {
            score != entry.score ? score > entry.score : key < entry.key
        }
        if entries.count == limit, let worst = entries.last, !ranksBefore(worst) { return }
        let position = entries.firstIndex { ranksBefore($0) } ?? entries.count
        entries.insert((index, score, key), at: position)
        if entries.count > limit { entries.removeLast() }
    }
}

/// The addresses holding any token a match may match (its prefix range and
/// its one-edit words, less one token), each once, in rank-key order: a
/// merge of their posting lists, which are each in that order.
private struct MergedPostings {
    private let postings: [[Int32]]
    private let keys: [UInt64]
    /// (token id, position in its list) for each list not yet used up, as a min-heap on the head's key.
    private var heads: [(list: Int32, position: Int, key: UInt64)] = []
    private var last: Int32?

    init(_ match: AddressIndex.TokenMatch, except skipped: Int32?, postings: [[Int32]], keys: [UInt64]) {
        self.postings = postings
        self.keys = keys
        heads.reserveCapacity(match.range.count + match.nearby.count)
        func add(_ id: Int32) {
            if id != skipped, let first = postings[Int(id)].first { push((id, 0, keys[Int(first)])) }
        }
        for id in match.range { add(id) }
        for id in match.nearby { add(id) }
    }

    mutating func next() -> Int32? {
        while let top = heads.first {
            let list = postings[Int(top.list)]
            let candidate = list[top.position]
            if top.position + 1 < list.count {
                heads[0] = (top.list, top.position + 1, keys[Int(list[top.position + 1])])
                siftDown(0)
            } else {
                heads[0] = heads[heads.count - 1]
                heads.removeLast()
                if !heads.isEmpty { siftDown(0) }
            }
            if candidate != last {
                last = candidate
                return candidate
            }
        }
        return nil
    }

    private mutating func push(_ head: (list: Int32, position: Int, key: UInt64)) {
        heads.append(head)
        var child = heads.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heads[child].key < heads[parent].key else { break }
            heads.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heads.count, heads[left].key < heads[smallest].key { smallest = left }
            if right < heads.count, heads[right].key < heads[smallest].key { smallest = right }
            if smallest == parent { return }
            heads.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// Words one edit apart, found through one-letter deletions: two words are
/// at most one edit apart only if they share the word itself or one of its
/// one-letter deletions, so looking those up finds every candidate, which
/// ``areOneEditApart(_:_:)`` then confirms.
enum Typo {
    /// The shortest query word given typo tolerance.
    static let shortestQuery = 5
    /// The shortest indexed word found by a typo (a five-letter query with a
    /// letter too many finds a four-letter word).
    static let shortestWord = 4

    /// Whether `text` is a word of letters only, at least `shortest` long.
    static func isWord(_ text: String, shortest: Int) -> Bool {
        text.utf8.count >= shortest && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
    }

    /// `word` and each of its one-letter deletions, each once.
    static func keys(of word: String) -> [String] {
        let letters = Array(word)
        var keys = [word]
        for position in letters.indices {
            var shorter = letters
            shorter.remove(at: position)
            let key = String(shorter)
            if keys.last != key { keys.append(key) }
        }
        return keys
    }

    /// Whether `lhs` and `rhs` differ by exactly one letter added, dropped
    /// or changed, or by two neighbouring letters swapped.
    static func areOneEditApart(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs != rhs else { return false }
        let (short, long) = lhs.count <= rhs.count ? (lhs, rhs) : (rhs, lhs)
        guard long.count - short.count <= 1 else { return false }
        var first = 0
        while first < short.count, short[first] == long[first] { first += 1 }
        if short.count != long.count {
            return short[first...].elementsEqual(long[(first + 1)...])
        }
        if short[(first + 1)...].elementsEqual(long[(first + 1)...]) { return true }
        return first + 1 < short.count && short[first] == long[first + 1] && short[first + 1] == long[first]
            && short[(first + 2)...].elementsEqual(long[(first + 2)...])
    }
}
