/// Walks an SVG's tags once, refusing anything that is not a plain picture.
struct SVGChecker {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ svg: String) { bytes = Array(svg.utf8) }

    mutating func check() throws(LogoProblem) {
        guard bytes.count <= BrandLogo.maximumSize else {
            throw LogoProblem(
                line: 0, reason: "the logo is \(bytes.count) bytes; a logo is at most \(BrandLogo.maximumSize)")
        }
        var open: [String] = []
        var elements = 0
        var sawRoot = false
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                try text(insideElement: !open.isEmpty)
                continue
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<?") {
                guard !sawRoot, elements == 0, starts(with: "<?xml ") || starts(with: "<?xml?") else {
                    throw fail("processing instructions other than the XML declaration are not allowed")
                }
                try skip(past: "?>", what: "the XML declaration")
            } else if starts(with: "<!") {
                throw fail("document types, entities and CDATA sections are not allowed in a logo")
            } else if starts(with: "</") {
                index += 2
                let name = try self.name()
                skipSpace()
                guard consume(">") else { throw fail("the closing tag </\(name)> is not closed with >") }
                guard let last = open.popLast() else { throw fail("</\(name)> closes nothing") }
                guard last == name else { throw fail("</\(name)> where </\(last)> was expected") }
            } else {
                index += 1
                let name = try self.name()
                guard BrandLogo.allowedElements.contains(name) else { throw fail(Self.refusal(of: name)) }
                if open.isEmpty {
                    guard !sawRoot else { throw fail("a second root element <\(name)> after the <svg>") }
                    guard name == "svg" else { throw fail("the root element is <\(name)>; a logo's root is <svg>") }
                    sawRoot = true
                }
                elements += 1
                guard elements <= BrandLogo.maximumElements else {
                    throw fail("more than \(BrandLogo.maximumElements) elements")
                }
                let (attributes, closesItself) = try self.attributes(of: name)
                if open.isEmpty, !attributes.contains("viewBox") {
                    throw fail("the <svg> has no viewBox, so the logo cannot be scaled to the bar")
                }
                if !closesItself {
                    open.append(name)
                    guard open.count <= BrandLogo.maximumDepth else {
                        throw fail("elements nest deeper than \(BrandLogo.maximumDepth)")
                    }
                }
            }
        }
        guard sawRoot else { throw LogoProblem(line: 0, reason: "there is no <svg> element") }
        if let unclosed = open.last { throw fail("<\(unclosed)> is never closed") }
    }

    private static func refusal(of name: String) -> String {
        switch name.lowercased() {
        case "script": "scripts are not allowed in a logo"
        case "foreignobject", "iframe", "object", "embed": "<\(name)> embeds another document; a logo may not"
        case "image", "feimage": "<\(name)> draws another file; a logo must be whole in itself"
        case "style": "style sheets are not allowed in a logo; use presentation attributes such as fill"
        case "a": "links are not allowed in a logo"
        default:
            "<\(name)> is not allowed in a logo (allowed: \(BrandLogo.allowedElements.sorted().joined(separator: ", ")))"
        }
    }

    // MARK: Pieces

    private mutating func text(insideElement: Bool) throws(LogoProblem) {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            if bytes[index] == UInt8(ascii: "&") { try entity() } else { index += 1 }
        }
        if !insideElement,
            bytes[start..<index].contains(where: { !Self.isSpace($0) })
        {
            throw fail("text outside the <svg> element")
        }
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` or a character reference; nothing else.
    private mutating func entity() throws(LogoProblem) {
        guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("a bare & (write &amp;)")
        }
        let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        let known = ["amp", "lt", "gt", "quot", "apos"].contains(body)
        let numeric =
            body.hasPrefix("#x")
            ? body.count > 2 && body.dropFirst(2).allSatisfy(\.isHexDigit)
            : body.hasPrefix("#")
                ? body.count > 1 && body.dropFirst().allSatisfy(\.isASCII) && Int(body.dropFirst()) != nil
                : false
        guard known || numeric else { throw fail("the entity &\(body); is not one XML defines") }
        index = end + 1
    }

    private mutating func attributes(of element: String) throws(LogoProblem) -> (Set<String>, Bool) {
        var names: Set<String> = []
        while true {
            skipSpace()
            if consume("/>") { return (names, true) }
            if consume(">") { return (names, false) }
            guard index < bytes.count else { throw fail("<\(element)> is not closed with >") }
            let name = try self.name()
            skipSpace()
            guard consume("=") else { throw fail("the attribute \(name) of <\(element)> has no value") }
            skipSpace()
            let value = try quoted(name)
            guard names.insert(name).inserted else { throw fail("the attribute \(name) is given twice") }
            try check(attribute: name, value: value)
        }
    }

    private func check(attribute name: String, value: String) throws(LogoProblem) {
        let lowered = name.lowercased()
        let local = lowered.split(separator: ":").last.map(String.init) ?? lowered
        if local.hasPrefix("on") { throw fail("the event handler \(name) is not allowed in a logo") }
        let compact = value.lowercased().filter { !$0.isWhitespace }
        if local == "href" || local == "src" {
            guard compact.hasPrefix("#") else {
                throw fail("\(name)=\"\(value.prefix(40))\" points outside the logo; only #id references are allowed")
            }
        }
        var rest = Substring(compact)
        while let range = rest.range(of: "url(") {
            rest = rest[range.upperBound...]
            let target = rest.drop { $0 == "'" || $0 == "\"" }
            guard target.hasPrefix("#") else {
                throw fail("\(name) uses url(…) outside the logo; only url(#id) is allowed")
            }
        }
        for marker in ["javascript:", "@import", "expression("] where compact.contains(marker) {
            throw fail("\(name) holds \(marker), which is not allowed in a logo")
        }
    }

    private mutating func quoted(_ attribute: String) throws(LogoProblem) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw fail("the value of \(attribute) is not in quotes")
        }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != quote {
            switch bytes[index] {
            case UInt8(ascii: "<"): throw fail("the value of \(attribute) holds a <")
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: "&"): try entity()
            default: index += 1
            }
        }
        guard index < bytes.count else { throw fail("the value of \(attribute) is never closed") }
        defer { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func name() throws(LogoProblem) -> String {
        let start = index
        while index < bytes.count, index - start < 64, Self.isNameByte(bytes[index], first: index == start) {
            index += 1
        }
        guard index > start else { throw fail("a tag or attribute without a name") }
        guard index - start < 64 else { throw fail("a name longer than 63 characters") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skip(past end: String, what: String) throws(LogoProblem) {
        let marker = Array(end.utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: marker) {
                index += marker.count
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        throw fail("\(what) is never closed")
    }

    private mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    private func starts(with text: String) -> Bool { bytes[index...].starts(with: text.utf8) }

    private mutating func consume(_ text: String) -> Bool {
        guard starts(with: text) else { return false }
        index += text.utf8.count
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"):
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    private func fail(_ reason: String) -> LogoProblem { LogoProblem(line: line, reason: reason) }
}
