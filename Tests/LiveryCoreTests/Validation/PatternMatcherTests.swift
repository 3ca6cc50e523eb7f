import Foundation
import Testing

@testable import LiveryCore

/// The compiled matcher must answer exactly as ICU does for every pattern it
/// compiles: these tests hold it to ICU on the patterns the forms ship, on
/// hand-picked corners, and on thousands of generated patterns and texts.
@Suite("Compiled patterns")
struct PatternMatcherTests {
    /// ICU's answer: does the whole text match?
    static func icu(_ pattern: String, _ text: String) -> Bool? {
        guard let expression = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z") else { return nil }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static let texts = [
        "", " ", "a", "A", "z", "Alex", "O'Brien", "Mary-Jane", "Dr. No", "Zoë", "Ngāti", "Łukasz", "José",
        "李小龙", "Al3x", "3", "42", "123456", "٣٤", "a_b", "a b", "a\tb", "a\nb", "line\r", "x\u{2028}y",
        "\u{85}", "\u{A0}", "\u{0B}", "\u{0C}", "e\u{301}", "😀", "a😀b", "--", "''", "...", "a.b", "[x]",
        "user_name1", "ALEX", "aaaa", "ab", "abab", "abc", "ba", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
        "1a", "a1", "_", "\u{200C}", "ǅ", "ʰ", "Ⅻ", "½", "$", "+", "€", "©", "(", ")", "-", "/",
    ]

    @Test("the patterns the standard forms ship compile and agree with ICU")
    func shippedPatterns() throws {
        for pattern in ["[\\p{L}][\\p{L}' .-]*", "[A-Za-z0-9_]+", "[1-9][0-9]{0,5}"] {
            let matcher = try #require(PatternMatcher(pattern), "\(pattern) is of the subset")
            for text in Self.texts {
                #expect(matcher.matches(text) == Self.icu(pattern, text), "\(pattern) on \(text.debugDescription)")
            }
        }
        #expect(PatternMatcher("[\\p{L}][\\p{L}' .-]*")?.matches("Zoë O'Brien-Smith") == true)
        #expect(PatternMatcher("[A-Za-z0-9_]+")?.matches("al!") == false)
    }

    @Test("hand-picked corners agree with ICU")
    func corners() throws {
        let patterns = [
            "", "a", "a*", "a+", "a?", "a{2}", "a{2,}", "a{2,4}", "a{0}", "a{0,1}", "(ab)+", "(?:ab)*c", "a|b|",
            "(a|ab)(c|bcd)", ".", ".*", ".+x", "\\d+", "\\D", "\\w+", "\\W", "\\s", "\\S+", "\\p{Lu}\\p{Ll}+",
            "\\P{L}+", "[^a-z]+", "[\\d\\s]*", "[-a]", "[a-]", "[\\-x]", "[a-c\\p{N}]+", "\\.", "\\$", "a*?b",
            "(a+)+b", "(a|aa)+", "((a|b)*c){1,3}", "[\\u0041-\\u005A]+", "\\x41", "\\t", "[ ]+", "a b", "[.]",
            "\\p{Nd}{2,3}", "\\p{Z}", "[\\w']+", "(?:)", "()", "(?:a|b{0})?c", "x*y*z*", "(x|y|z){3}", ".{8,64}",
        ]
        for pattern in patterns {
            let matcher = try #require(PatternMatcher(pattern), "\(pattern) is of the subset")
            for text in Self.texts {
                #expect(matcher.matches(text) == Self.icu(pattern, text), "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test("patterns outside the subset are left to ICU")
    func refused() {
        for pattern in [
            "^a$", "a\\b", "(?=a)a", "(?!b)a", "(a)\\1", "a++", "a*+", "[[:alpha:]]", "[a-z&&[^e]]", "[a[b]]",
            "(?i)a", "\\Qa\\E", "a{2}{3}", "\\x{41}", "\\p{Alphabetic}", "\\z", "a{", "[]a]", "[z-a]", "\\k<n>",
            "(?<n>a)", "a{5,2}", "a{99999}", "(a{200}){2}", "(?:a?)*b", "(a*)+", "(?:)*c", "(x|){2}",
        ] {
            #expect(PatternMatcher(pattern) == nil, "\(pattern) is outside the subset")
        }
    }

    @Test("deeply nested counted repetition is refused quickly, not expanded")
    func nestedRepetition() {
        #expect(PatternMatcher("((((((){255}){255}){255}){255}){255})") == nil)
        #expect(PatternMatcher(String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40)) == nil)
    }

    @Test("a rule with a compiled pattern reports what the ICU-backed rule reports")
    func ruleAgrees() throws {
        let compiled = try PatternRule("[A-Za-z0-9_]+", code: "username.characters", message: "Letters only.")
        let icu = try PatternRule(
            "[A-Za-z0-9_]+", caseInsensitive: true, code: "username.characters", message: "Letters only.")
        for text in ["alex_c", "al!", "", "ALEX"] {
            #expect(compiled.check(text, in: .standalone) == icu.check(text, in: .standalone), "\(text)")
        }
    }

    /// Patterns and texts drawn from a small alphabet, so that matches are common.
    @Test("generated patterns agree with ICU on generated texts")
    func generated() {
        var random = SplitMix(seed: 0x5EED_CAFE)
        var compiled = 0
        for _ in 0..<800 {
            let pattern = Self.pattern(&random, depth: 0)
            guard let matcher = PatternMatcher(pattern) else { continue }
            compiled += 1
            var texts = Self.texts.filter { _ in random.next() % 4 == 0 }
            for _ in 0..<8 { texts.append(Self.text(&random)) }
            for text in texts {
                let expected = Self.icu(pattern, text)
                #expect(matcher.matches(text) == expected, "\(pattern.debugDescription) on \(text.debugDescription)")
            }
        }
        #expect(compiled > 400, "most generated patterns are of the subset: \(compiled)")
    }

    static let pieces = [
        "a", "b", "c", "\\d", "\\w", "\\s", ".", "[a-c]", "[^b]", "\\p{L}", "\\P{L}", " ", "'", "-", "é", "1",
    ]

    static func pattern(_ random: inout SplitMix, depth: Int) -> String {
        var result = ""
        for _ in 0..<(1 + Int(random.next() % 4)) {
            var atom: String
            switch random.next() % 8 {
            case 0 where depth < 3: atom = "(" + pattern(&random, depth: depth + 1) + ")"
            case 1 where depth < 3:
                atom = "(?:" + pattern(&random, depth: depth + 1) + "|" + pattern(&random, depth: depth + 1) + ")"
            case 2: atom = "[" + pieces[Int(random.next() % 3)] + pieces[Int(random.next() % 3)] + "' .-]"
            default: atom = pieces[Int(random.next() % UInt64(pieces.count))]
            }
            switch random.next() % 9 {
            case 0: atom += "*"
            case 1: atom += "+"
            case 2: atom += "?"
            case 3: atom += "{\(random.next() % 3),\(2 + random.next() % 3)}"
            case 4: atom += "{\(random.next() % 3)}"
            case 5: atom += "*?"
            default: break
            }
            result += atom
        }
        return result
    }

    static func text(_ random: inout SplitMix) -> String {
        let alphabet: [Character] = ["a", "b", "c", "1", " ", "'", "-", ".", "é", "\n", "_", "Z", "😀", "\u{A0}"]
        return String((0..<Int(random.next() % 9)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
}

/// A small seeded generator, so a failure is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
