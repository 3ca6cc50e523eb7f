import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// A brand's `brand.json` being edited: the file as it was loaded, the edited
/// document, and the brand it reads as. Every edit is read through the same
/// checked reader as the file at start; an edit the reader refuses is kept
/// (so the person can mend it) with the reader's error, while ``brand`` stays
/// the last edit that read clean. Saving writes the brand's own canonical
/// file, and only when it reads back equal, nothing was refused, the checks
/// `livery doctor` makes of the brand (theme, contrast, definition) pass, and
/// the file on disk is still the one loaded.
public struct BrandDraft: Sendable {
    /// The brand file: `Brands/<Name>/Plugin/brand.json`.
    public let file: URL
    /// How errors name the file, e.g. `Brands/Neds/Plugin/brand.json`.
    public let name: String
    /// The file's bytes when it was loaded (or last saved).
    public private(set) var loaded: Data
    /// The document as loaded.
    public private(set) var original: JSONValue
    /// The brand the loaded file declares.
    public private(set) var originalBrand: BrandDefinition
    /// The edited document.
    public private(set) var document: JSONValue
    /// The last edited document that read clean (the loaded one at first).
    public private(set) var brand: BrandDefinition
    /// Why the edited document is refused; `nil` when it reads clean.
    public private(set) var problem: DeclarationError?

    /// The most keys a path to an edited value may have.
    public static let maximumPathLength = 8

    /// Loads the brand file `brand.json` in `pluginFolder`, named `name` in errors.
    /// - Throws: `DeclarationError` when the file cannot be read or is refused.
    public init(pluginFolder: URL, name: String) throws(DeclarationError) {
        let file = pluginFolder.appendingPathComponent("brand.json")
        let data = try Self.read(file, name: name)
        let brand = try BrandDefinition.read(json: data, file: name, folder: .directory(pluginFolder))
        // The reader has decoded it already; it cannot fail here.
        let document = (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? brand.fileDocument()
        self.file = file
        self.name = name
        loaded = data
        original = document
        originalBrand = brand
        self.document = document
        self.brand = brand
        problem = nil
    }

    /// Whether the edited document differs from the one loaded.
    public var isEdited: Bool { document != original }

    /// Whether the file on disk is no longer the one loaded (another page or
    /// an editor saved it since).
    public var fileChanged: Bool { (try? Self.read(file, name: name)) != loaded }

    /// Sets the value at `path` (keys from the top, e.g. `["theme", "colours",
    /// "primary"]`) to `value`, or removes it when `value` is `nil`, and reads
    /// the document again. Objects missing on the way are made.
    /// - Returns: the reader's error when the edited document is refused.
    @discardableResult
    public mutating func set(_ path: [String], to value: JSONValue?) -> DeclarationError? {
        guard (1...Self.maximumPathLength).contains(path.count), path.allSatisfy({ (1...200).contains($0.count) })
        else {
            problem = DeclarationError(
                file: name, path: path.joined(separator: "."),
                message: "a path to an edited value has 1 to \(Self.maximumPathLength) keys of 1 to 200 characters")
            return problem
        }
        document = Self.setting(path[...], to: value, in: document)
        check()
        return problem
    }

    /// Returns to the file on disk as it is now.
    /// - Throws: `DeclarationError` when the file cannot be read or is refused.
    public mutating func discard() throws(DeclarationError) {
        self = try BrandDraft(pluginFolder: file.deletingLastPathComponent(), name: name)
    }

    /// What a save did.
    public enum Saved: Equatable, Sendable {
        /// Nothing was edited: the file is left as it is, byte for byte.
        case unchanged
        /// The brand's file was written.
        case written
    }

    /// Writes the brand's file: its own document (`BrandDefinition/fileDocument()`),
    /// keys in their fixed order.
    /// - Throws: `ToolError` when the edit is refused, fails a check of
    ///   `livery doctor` (``doctorFailures``), does not read back equal, or the
    ///   file changed on disk since it was loaded; nothing is written then.
    public mutating func save() throws(ToolError) -> Saved {
        if let problem { throw ToolError("not saved: \(problem)") }
        guard !fileChanged else {
            throw ToolError(
                "not saved: \(name) changed on disk since it was loaded; discard to load it (your edits go), or copy them over"
            )
        }
        guard isEdited else { return .unchanged }
        let failures = doctorFailures
        guard failures.isEmpty else {
            let found = failures.flatMap(\.described).joined(separator: "; ")
            throw ToolError("not saved: `livery doctor` would refuse \(name): " + found)
        }
        let text = Data(brand.fileDocument().formatted().utf8)
        let again = try? BrandDefinition.read(
            json: text, file: name, folder: .directory(file.deletingLastPathComponent()))
        guard again == brand else { throw ToolError("not saved: \(name) would not read back as the edited brand") }
        do {
            try text.write(to: file, options: .atomic)
        } catch {
            throw ToolError("not saved: \(name) cannot be written: \(error.localizedDescription)")
        }
        loaded = text
        original = (try? JSONDecoder().decode(JSONValue.self, from: text)) ?? document
        originalBrand = brand
        document = original
        return .written
    }

    // MARK: Answers

    /// The contrast pairs `livery doctor` checks, measured in the edited brand.
    public var contrast: [ContrastCheck] { brand.theme.contrastChecks() }

    /// The checks of `livery doctor` (theme, contrast, definition) the edited
    /// brand fails, with what each found; a save is refused while any fails.
    public var doctorFailures: [BrandConformance.Check] { BrandConformance.checks(brand).filter { !$0.passed } }

    /// For each contrast pair the edited brand fails, the nearest shade of
    /// the colour edited that mends it (``ShadeSuggestion``).
    public var shadeSuggestions: [ShadeSuggestion] {
        ShadeSuggestion.suggestions(for: brand.theme.palette, editedFrom: originalBrand.theme.palette)
    }

    /// The edited brand's differences from the loaded file, as `livery diff` words them.
    public var difference: [BrandDifference.Line] {
        guard let left = try? BrandConfiguration(originalBrand), let right = try? BrandConfiguration(brand) else {
            return []
        }
        return BrandDifference(BrandSettingLines(left), BrandSettingLines(right)).lines
    }

    // MARK: Reading

    private mutating func check() {
        let data = Data(document.formatted().utf8)
        do throws(DeclarationError) {
            brand = try BrandDefinition.read(
                json: data, file: name, folder: .directory(file.deletingLastPathComponent()))
            problem = nil
        } catch {
            problem = error
        }
    }

    private static func read(_ file: URL, name: String) throws(DeclarationError) -> Data {
        do throws(FileInput.Refusal) {
            return try FileInput.read(atPath: file.path, limit: BrandDefinition.maximumFileSize, kind: "brand files")
        } catch {
            throw DeclarationError(file: name, path: "", message: error.description)
        }
    }

    private static func setting(_ path: ArraySlice<String>, to value: JSONValue?, in document: JSONValue) -> JSONValue {
        guard let key = path.first else { return value ?? .null }
        var members: [(key: String, value: JSONValue)]
        if case .object(let existing) = document { members = existing } else { members = [] }
        let index = members.firstIndex { $0.key == key }
        if path.count == 1 {
            switch (index, value) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        } else {
            let inner = setting(path.dropFirst(), to: value, in: index.map { members[$0].value } ?? .object([]))
            if let index { members[index].value = inner } else { members.append((key, inner)) }
        }
        return .object(members)
    }
}
