/// A brand's logo: an SVG document checked to be a picture and nothing else.
///
/// Heads draw it as an image (never inline), and it is checked as well: at
/// most ``maximumSize`` bytes and ``maximumElements`` elements nested at most
/// ``maximumDepth`` deep; only drawing elements (``allowedElements``); no
/// scripts, event-handler attributes, style sheets, embedded documents,
/// entity declarations or references outside the file (a `href` or `url(…)`
/// must point inside it, `#id`). The root is an `<svg>` with a `viewBox`, so
/// the logo scales to the bar's height.
public struct BrandLogo: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The SVG document.
    public let svg: String
    /// The file it is kept in, beside the brand's declaration: `logo.svg`.
    public let file: String

    /// The largest logo, in bytes of UTF-8: a real logo is a few kilobytes.
    public static let maximumSize = 64 * 1024
    /// The most elements a logo may have.
    public static let maximumElements = 2_000
    /// The deepest elements may nest.
    public static let maximumDepth = 32
    /// The elements a logo may use: shapes, text, groups, gradients, clips and masks.
    public static let allowedElements: Set<String> = [
        "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "title",
        "desc", "defs", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "use", "symbol",
    ]

    /// A checked logo kept in `file`.
    /// - Throws: ``LogoProblem`` naming the line and what is wrong there.
    public init(svg: String, file: String = "logo.svg") throws(LogoProblem) {
        guard Self.isFileName(file) else {
            throw LogoProblem(
                line: 0,
                reason:
                    "'\(file.prefix(80))' is not a logo file name such as logo.svg (lower-case letters, digits and hyphens, then .svg)"
            )
        }
        var checker = SVGChecker(svg)
        try checker.check()
        self.svg = svg
        self.file = file
    }

    /// Whether `name` can name a logo file: lower-case letters, digits and
    /// hyphens (at most 64), then `.svg`; never a path.
    public static func isFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".svg") else { return false }
        let stem = name.dropLast(4).unicodeScalars
        return (1...64).contains(stem.count) && stem.first != "-"
            && stem.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private enum CodingKeys: String, CodingKey { case svg, file }

    /// Reads the SVG back and checks it again, so a stored theme cannot
    /// smuggle in a logo that would be refused from a file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            svg: container.decode(String.self, forKey: .svg), file: container.decode(String.self, forKey: .file))
    }

    /// `logo.svg, N bytes`.
    public var description: String { "\(file), \(svg.utf8.count) bytes" }
}

/// Why an SVG is not accepted as a logo: the line (1-based) and the reason.
public struct LogoProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the SVG the problem is on; 0 for the whole document.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// A problem on `line`.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`, or the reason alone for the whole document.
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
