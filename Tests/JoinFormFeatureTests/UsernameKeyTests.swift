import Testing

@testable import JoinFormFeature

@Suite("Username look-alikes")
struct UsernameKeyTests {
    @Test(
        "case is ignored; l, I, i, 1 and | are one letter, o, O and 0 another",
        arguments: [
            ("AdaLove", "adalove"), ("ADA1OVE", "adalove"), ("AdaL0ve", "adalove"), ("adaIove", "adalove"),
            ("ada|ove", "adalove"), ("B1LL", "bill"), ("g0_0gle", "go_ogle"),
        ])
    func folded(_ name: String, _ same: String) {
        #expect(UsernameKey(name) == UsernameKey(same))
    }

    @Test(
        "names that differ by more than a look-alike stay apart",
        arguments: [
            ("adalove", "adalover"), ("ada_love", "adalove"), ("rewi", "rewl2"), ("bob", "b0bb"),
        ])
    func distinct(_ name: String, _ other: String) {
        #expect(UsernameKey(name) != UsernameKey(other))
    }

    @Test(
        "outside ASCII: compatibility forms, invisible characters and Cyrillic or Greek look-alikes fold to Latin",
        arguments: [
            "ＡｄａＬｏｖｅ",  // full-width
            "Аdаlоvе",  // Cyrillic А, а, о, е
            "ΑdaLοve",  // Greek Α, ο
            "ada\u{200B}love", "ada\u{202E}love",  // zero-width space, direction override
        ])
    func confusable(_ name: String) {
        #expect(
            UsernameKey(name) == UsernameKey("adalove"), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(
        "a key read again is the same key, whatever the letters (capitals, accents, final sigma)",
        arguments: [
            "Ӏvan", "а\u{301}da", "İstanbul", "ΣΑΣ", "ＡｄａＬｏｖｅ", "ǅemal", "Ꙇ1|", "ada\u{200B}love",
        ])
    func stable(_ name: String) {
        let key = UsernameKey(name)
        #expect(UsernameKey(key.rawValue) == key, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("a Cyrillic capital reads as its Latin twin, as its small letter does")
    func capitals() {
        #expect(UsernameKey("ВОВ") == UsernameKey("bob"))
        #expect(UsernameKey("Ӏvan") == UsernameKey("lvan"))
    }
}
