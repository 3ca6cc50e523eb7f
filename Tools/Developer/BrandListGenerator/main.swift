import Foundation

// Writes the Swift file of BrandListPlugin: `generate <output> <BrandModule>…`.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: BrandListGenerator <output.swift> <BrandModule>…\n".utf8))
    exit(2)
}
let modules = Array(arguments.dropFirst())
var text = """
    // Generated at build time from Package.swift's brand list (BrandListPlugin); not kept by hand.
    import BrandDeclarations

    """
for module in modules { text += "import \(module)\n" }
text += """

    /// Every brand Package.swift lists, in its order, each read from its `brand.json`.
    /// - Throws: ``DeclarationError`` naming the first brand file that does not read.
    func packageBrands() throws(DeclarationError) -> [BrandDefinition] {
        [\(modules.map { "try \($0).load()" }.joined(separator: ", "))]
    }

    /// Every brand Package.swift lists, in its order, each loaded on its own: one
    /// whose file (or market pack) does not read leaves the others loaded.
    func packageBrandLoads() -> [(id: String, load: Result<BrandDefinition, DeclarationError>)] {
        [
    \(modules.map { "        (\"\($0.dropLast("Brand".count).lowercased())\", Result { () throws(DeclarationError) in try \($0).load() })," }.joined(separator: "\n"))
        ]
    }

    /// The ids of every brand Package.swift lists (the modules' names without `Brand`, lower-cased), in its order.
    let packageBrandIDs: [String] = [\(modules.map { "\"\($0.dropLast("Brand".count).lowercased())\"" }.joined(separator: ", "))]

    /// The modules of every brand Package.swift lists, in its order.
    let packageBrandModules: [String] = [\(modules.map { "\"\($0)\"" }.joined(separator: ", "))]

    """
do {
    try text.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("BrandListGenerator: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
