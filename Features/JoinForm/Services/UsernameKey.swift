import Foundation

/// What makes two usernames the same name, so nobody can register a name
/// that reads like someone else's. Two names are one when their keys are equal.
///
/// The key:
/// 1. outside ASCII, is the name in Unicode compatibility form (NFKC: full-width
///    letters, ligatures and the like become plain letters), with invisible
///    characters (zero-width spaces and joiners, direction overrides) dropped
///    and common look-alike letters from other scripts (Cyrillic `а`, `о`, `р`,
///    Greek `Α`, `Ο`, `Ρ`, …) replaced by the Latin letter they copy;
/// 2. ignores case;
/// 3. treats `l`, `i`, `1` and `|` as one letter (capital `I` reads as `l`,
///    and ignoring case makes it `i`, so the three must be one) and `o` and
///    `0` as one.
///
/// So once `AdaLove` is registered, `adalove`, `ADA1OVE` and `AdaL0ve` are taken
/// too, while `adalover` is not. The brands' usernames are ASCII today; the
/// first step is what keeps the rule sound if a brand ever allows more.
public struct UsernameKey: Hashable, Sendable, CustomStringConvertible {
    /// The folded name.
    public let rawValue: String

    /// The key of `username`.
    public init(_ username: String) {
        var folded = String.UnicodeScalarView()
        let text = username.utf8.allSatisfy { $0 < 0x80 } ? username.lowercased() : Self.latinSkeleton(of: username)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "i", "l", "1", "|": folded.append("l")
            case "0": folded.append("o")
            default: folded.append(scalar)
            }
        }
        rawValue = String(folded)
    }

    /// The folded name.
    public var description: String { rawValue }

    /// Compatibility form, lower case, then decomposed (so a key read again
    /// comes out the same), invisible characters dropped and look-alike
    /// letters replaced by Latin ones.
    private static func latinSkeleton(of text: String) -> String {
        var skeleton = String.UnicodeScalarView()
        let decomposed = text.precomposedStringWithCompatibilityMapping.lowercased()
            .decomposedStringWithCompatibilityMapping.lowercased()
        for scalar in decomposed.unicodeScalars {
            if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format {
                continue
            }
            skeleton.append(lookAlikes[scalar] ?? scalar)
        }
        return String(skeleton)
    }

    /// Letters of other scripts drawn like a Latin letter (a subset of
    /// Unicode's confusables: the Cyrillic and Greek letters that copy one).
    private static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic and Greek small letters (names are in lower case by the time they are read).
            ("аеѕіјорсхуԁһԛԝӏвкмнт", "aesijopcxydhqwlbkmht"),
            ("αοικνρυβεζητμχ", "aoikvpubezhtmx"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (foreign, latin) in pairs {
            for (from, to) in zip(foreign.unicodeScalars, latin.unicodeScalars) { table[from] = to }
        }
        return table
    }()
}
