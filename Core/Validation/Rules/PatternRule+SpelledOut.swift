extension PatternRule {
    /// `pattern` with each Unicode property class it uses (`\p{L}`, `\p{Nd}`)
    /// written out as the ranges of scalars this matcher takes it to mean
    /// (this toolchain's Unicode data), so that an engine that knows no
    /// property classes (Python's `re`, a JSON Schema validator) reads the
    /// same pattern; `nil` for a negated class inside brackets (`[^\P{L}]`).
    /// A pattern without property classes comes back as it is.
    public static func spelledOut(_ pattern: String) -> String? {
        let scalars = Array(pattern.unicodeScalars)
        var written = String.UnicodeScalarView()
        var index = 0
        var inBrackets = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                let kind = scalars[index + 1]
                if kind == "p" || kind == "P", index + 2 < scalars.count, scalars[index + 2] == "{",
                    let close = scalars[(index + 3)...].firstIndex(of: "}"),
                    let categories = PatternParser.generalCategories[
                        String(String.UnicodeScalarView(scalars[(index + 3)..<close]))]
                {
                    let ranges = Self.ranges(of: categories)
                    if inBrackets {
                        guard kind == "p" else { return nil }
                        written.append(contentsOf: ranges.unicodeScalars)
                    } else {
                        written.append(contentsOf: "[\(kind == "P" ? "^" : "")\(ranges)]".unicodeScalars)
                    }
                    index = close + 1
                    continue
                }
                written.append(scalar)
                written.append(kind)
                index += 2
                continue
            }
            if scalar == "[", !inBrackets {
                inBrackets = true
            } else if scalar == "]", inBrackets {
                inBrackets = false
            }
            written.append(scalar)
            index += 1
        }
        return String(written)
    }

    /// The scalars whose general category is one of `categories`, as class ranges (`a-z`), each literal;
    /// worked out once per process for each set.
    private static func ranges(of categories: Set<Unicode.GeneralCategory>) -> String {
        if let known = spelledRanges.withLock({ $0[categories] }) { return known }
        let text = writeRanges(of: categories)
        spelledRanges.withLock { $0[categories] = text }
        return text
    }

    private static let spelledRanges = Locked<[Set<Unicode.GeneralCategory>: String]>([:])

    private static func writeRanges(of categories: Set<Unicode.GeneralCategory>) -> String {
        var text = ""
        var start: UInt32?
        var last: UInt32 = 0
        func close() {
            guard let first = start else { return }
            text += literal(first)
            if last > first { text += (last > first + 1 ? "-" : "") + literal(last) }
            start = nil
        }
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), categories.contains(scalar.properties.generalCategory) else {
                continue
            }
            if start == nil || value != last + 1 { close() }
            if start == nil { start = value }
            last = value
        }
        close()
        return text
    }

    /// A scalar as a class writes it: itself, escaped when it means something in a class.
    private static func literal(_ value: UInt32) -> String {
        let scalar = Unicode.Scalar(value)!
        return "\\^-[]".unicodeScalars.contains(scalar) ? "\\\(Character(scalar))" : String(Character(scalar))
    }
}
