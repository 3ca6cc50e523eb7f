/// Names a new brand cannot take, because the targets derived from it
/// (`<Name>Brand`, `<Name>App`, `<Name>BrandTests`, the executable `<name>`)
/// would not build or would shadow a module an app or the package imports.
/// Compared ignoring case: a brand's id is its name in lower case.
public enum ReservedBrandNames {
    /// Swift's keywords, in lower case: declarations, statements, expressions
    /// and the contextual words a type name cannot be (`Self`, `Type`, `Protocol`, `Any`).
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "macro", "nonisolated", "open", "operator", "package",
        "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
        "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "any", "as", "await", "copy", "consume", "discard", "each",
        "false",
        "is", "nil", "self", "super", "throws", "true", "try", "type", "some", "actor", "async", "isolated", "sending",
    ]

    /// Standard-library types and protocols a brand's module would shadow, in lower case.
    public static let standardLibrary: Set<String> = [
        "string", "substring", "character", "int", "int8", "int16", "int32", "int64", "int128", "uint", "uint8",
        "uint16",
        "uint32", "uint64", "uint128", "double", "float", "float16", "float80", "bool", "array", "dictionary", "set",
        "optional", "result", "error", "never", "void", "range", "closedrange", "sequence", "collection", "iterator",
        "equatable", "hashable", "comparable", "codable", "encodable", "decodable", "sendable", "identifiable", "task",
        "mainactor", "clock", "duration", "unicode", "main", "print", "assert", "stride", "slice", "span",
    ]

    /// Modules of the toolchain and the platforms an app or the package imports, in lower case.
    public static let systemModules: Set<String> = [
        "swift", "foundation", "foundationessentials", "foundationinternationalization", "foundationnetworking",
        "dispatch", "glibc", "musl", "darwin", "observation", "synchronization", "regexbuilder", "distributed",
        "testing", "xctest", "swiftui", "uikit", "appkit", "combine", "packagedescription", "packageplugin", "cxx",
        "argumentparser", "yams", "hummingbird", "grdb", "crypto", "logging", "benchmark", "nio", "niocore",
    ]

    /// Why `name` cannot be a brand name, or nil when it can. `manifestNames`
    /// are the targets and products Package.swift declares by name.
    public static func reason(refusing name: String, manifestNames: Set<String>) -> String? {
        let lowered = name.lowercased()
        if keywords.contains(lowered) { return "it is a Swift keyword" }
        if standardLibrary.contains(lowered) { return "it is a Swift standard-library name its module would shadow" }
        if systemModules.contains(lowered) { return "it is the name of a module Swift code imports" }
        if lowered.hasPrefix("livery") { return "names beginning with Livery are kept for the package's own modules" }
        let derived = [name, "\(name)Brand", "\(name)App", "\(name)BrandTests"].map { $0.lowercased() }
        let declared = Set(manifestNames.map { $0.lowercased() })
        if let clash = derived.first(where: declared.contains) {
            return "Package.swift already declares '\(manifestNames.first { $0.lowercased() == clash } ?? clash)'"
        }
        return nil
    }
}
