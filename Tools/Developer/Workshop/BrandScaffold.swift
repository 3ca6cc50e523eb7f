import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// The files of a new brand and the one change to Package.swift it needs,
/// prepared in memory and written all at once: if any write fails, or the
/// manifest does not load with the new brand's targets afterwards,
/// everything written is removed and Package.swift restored.
///
/// The new brand is a copy of its model's declaration (theme, app bar,
/// flags, messages, join form) under its own id, name and icon prefix, with
/// the model's scenario files; so it passes its checks and scenarios at once.
public struct BrandScaffold: Sendable {
    /// The new brand's type name, e.g. `Sportsbet`.
    public let name: String
    /// The checkout written to.
    public let root: URL
    /// New files by path relative to the checkout.
    public private(set) var files: [String: String] = [:]
    /// Changed files by path, with their new text.
    public private(set) var changes: [String: String] = [:]

    /// The new brand's id.
    public var id: String { name.lowercased() }
    /// The paths of the new files, sorted.
    public var createdPaths: [String] { files.keys.sorted() }
    /// The paths of the changed files, sorted.
    public var changedPaths: [String] { changes.keys.sorted() }

    /// The longest brand name, in characters.
    public static let maximumNameLength = 40

    /// Refuses a name that is not a Swift type name of at most
    /// ``maximumNameLength`` characters, that is a Swift keyword, a
    /// standard-library or system module name (``ReservedBrandNames``), that
    /// would name or shadow one of the package's own targets or products,
    /// whose id is not a brand id, or that exists already (in the brand list
    /// or as a folder).
    public static func check(name: String, existing: [String], root: URL) throws(ToolError) {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
            name.unicodeScalars.allSatisfy({
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
            }),
            name.count <= maximumNameLength
        else {
            throw ToolError(
                "'\(name.prefix(60))\(name.count > 60 ? "…" : "")' is not a valid brand name: use a Swift type name such as Sportsbet (ASCII letters and digits, capital first, at most \(maximumNameLength))"
            )
        }
        if let reason = ReservedBrandNames.reason(
            refusing: name, manifestNames: PackageCheckout(root: root).declaredNames())
        {
            throw ToolError("'\(name)' cannot be a brand name: \(reason)")
        }
        guard BrandID(rawValue: name.lowercased()) != nil else {
            throw ToolError("'\(name.lowercased())' is not a valid brand id")
        }
        if existing.contains(where: { $0.lowercased() == name.lowercased() }) {
            throw ToolError("a brand called '\(name.lowercased())' exists already")
        }
        for folder in ["Brands/\(name)", "Tests/Brands/\(name)BrandTests", "Tests/Scenarios/\(name.lowercased())"]
        where FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
            throw ToolError("\(folder) exists already")
        }
    }

    /// The declaration of a brand called `name` copied from `model`: the
    /// same settings under the new id, name and icon prefix.
    public static func declaration(named name: String, like model: BrandDefinition) throws(ToolError) -> BrandDefinition
    {
        let id = name.lowercased()
        guard let brandID = BrandID(rawValue: id) else { throw ToolError("'\(id)' is not a valid brand id") }
        var theme = model.theme
        theme.name = name
        theme.icons = IconSet(assetPrefix: id, hasPot: model.theme.icons.pot != nil)
        theme.logo = try wordmark(name, colour: model.theme.palette.appBarForeground)
        let manifest = BrandManifest(
            id: brandID, displayName: name, market: model.manifest.market,
            currencyCode: model.manifest.currencyCode, locale: model.manifest.locale)
        do {
            return try BrandDefinition(
                manifest: manifest, theme: theme, messageTemplates: model.messageTemplates,
                featureFlagDefaults: model.featureFlagDefaults, appBar: model.appBar, form: model.form)
        } catch {
            throw ToolError("the model's join form does not load: \(error)")
        }
    }

    /// A first logo for a new brand: its name in the bar's text colour, to be
    /// replaced by the real one (`Brands/<Name>/Plugin/logo.svg`).
    static func wordmark(_ name: String, colour: RGBColor) throws(ToolError) -> BrandLogo {
        let width = 24 + 14 * name.count
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) 40" width="\(width)" height="40">
              <title>\(name)</title>
              <text x="12" y="28" font-family="sans-serif" font-weight="700" font-size="22" fill="\(colour.hexString)">\(name)</text>
            </svg>

            """
        do {
            return try BrandLogo(svg: svg)
        } catch {
            throw ToolError("the new brand's logo is refused: \(error)")
        }
    }

    /// The brand a new one in `market` starts like: the one called `like`,
    /// or else the market's first brand in `order` (Package.swift's list), or
    /// in a market no brand trades in yet, the first brand of all. A model of
    /// another market is moved to `market` (see ``moving(_:to:)``).
    /// - Throws: `ToolError` for an unknown brand, or one not declared in a brand file.
    public static func model(
        like: String?, market: Market, in composition: Composition,
        order: [String]
    ) throws(ToolError) -> BrandDefinition {
        let chosen: any BrandPlugin
        if let like {
            do {
                chosen = try composition.registry.plugin(named: like)
            } catch {
                throw ToolError("--like: \(error)")
            }
        } else {
            let registered = order.compactMap { try? composition.registry.plugin(named: $0) }
            guard let first = registered.first(where: { $0.manifest.market == market }) ?? registered.first else {
                throw ToolError("no registered brand to start from")
            }
            chosen = first
        }
        guard let declared = chosen as? BrandDefinition else {
            throw ToolError("\(chosen.manifest.id) is not declared in a brand.json, so it cannot be copied")
        }
        return try moving(declared, to: market)
    }

    /// `brand` trading in `market`: the market's currency and locale (unless it
    /// is there already) and the market's standard form with the brand's own
    /// amendments; everything else (theme, app bar, flags, messages) kept.
    /// - Throws: `ToolError` when the brand's amendments do not apply to the market's form.
    public static func moving(_ brand: BrandDefinition, to market: Market) throws(ToolError) -> BrandDefinition {
        guard brand.manifest.market != market else { return brand }
        var form = brand.form
        form.checksSelfExclusionRegister = nil
        let manifest = BrandManifest(id: brand.manifest.id, displayName: brand.manifest.displayName, market: market)
        do {
            return try BrandDefinition(
                manifest: manifest, theme: brand.theme, messageTemplates: brand.messageTemplates,
                featureFlagDefaults: brand.featureFlagDefaults, appBar: brand.appBar, form: form)
        } catch {
            throw ToolError("\(brand.manifest.id)'s join form does not fit \(market.name)'s: \(error)")
        }
    }

    /// The scaffold of `name` like `model`, in `checkout`, starting with `scenarios`
    /// (file name to text) or, when `nil`, with copies of the model's scenario files.
    public init(
        name: String, like model: BrandDefinition, in checkout: PackageCheckout, scenarios: [String: String]? = nil
    ) throws(ToolError) {
        self.name = name
        root = checkout.root
        let declaration = try Self.declaration(named: name, like: model)
        files["Brands/\(name)/Plugin/brand.json"] = declaration.fileDocument().formatted()
        if let logo = declaration.theme.logo { files["Brands/\(name)/Plugin/\(logo.file)"] = logo.svg }
        files.merge(BrandTemplates(name: name).files) { _, new in new }
        let modelID = model.manifest.id.rawValue
        for (file, text) in scenarios ?? [:] { files["Tests/Scenarios/\(id)/\(file)"] = text }
        for file in scenarios == nil ? checkout.scenarioFiles(of: modelID) : [] {
            let url = checkout.scenarioFolder(of: modelID).appendingPathComponent(file)
            let text = try PackageCheckout.text(of: url)
            let renamed = Self.replacingWord(model.manifest.displayName, with: name, in: text)
            files["Tests/Scenarios/\(id)/\(file)"] = Self.replacingWord(modelID, with: id, in: renamed)
        }
        changes["Package.swift"] = try checkout.brandList().adding(name)
    }

    /// Writes every file, then has SwiftPM load the manifest and find the new
    /// brand's three targets; on any failure undoes everything and throws.
    /// - Parameter verify: loads the manifest and returns its target names.
    public func write(verify: () throws(ToolError) -> Set<String>) throws(ToolError) {
        let manager = FileManager.default
        var created: [URL] = []
        var originals: [URL: Data] = [:]
        func undo() {
            for (url, data) in originals { try? data.write(to: url, options: .atomic) }
            for url in created.reversed() { try? manager.removeItem(at: url) }
        }
        do {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent(path)
                var folder = url.deletingLastPathComponent()
                var missing: [URL] = []
                while !manager.fileExists(atPath: folder.path) {
                    missing.append(folder)
                    folder = folder.deletingLastPathComponent()
                }
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                created += missing.reversed()
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
                created.append(url)
            }
            for (path, text) in changes.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent(path)
                originals[url] = Data(try PackageCheckout.text(of: url).utf8)
                try Data(text.utf8).write(to: url, options: .atomic)
            }
        } catch {
            undo()
            throw ToolError("could not write the new brand (nothing was kept): \(error.localizedDescription)")
        }
        do {
            let targets = try verify()
            let expected = ["\(name)Brand", "\(name)App", "\(name)BrandTests"]
            let missing = expected.filter { !targets.contains($0) }
            guard missing.isEmpty else {
                throw ToolError("Package.swift loads but lacks \(missing.joined(separator: ", "))")
            }
        } catch {
            undo()
            throw ToolError("\(error) (nothing was kept)")
        }
    }

    /// `text` with every whole-word `word` replaced.
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        guard
            let expression = try? NSRegularExpression(pattern: "\\b\(NSRegularExpression.escapedPattern(for: word))\\b")
        else {
            return text
        }
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
    }
}
