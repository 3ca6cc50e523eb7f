import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// Why a declaration file (a brand file, a market pack) cannot be used: the
/// file, the place in it (a key path such as `theme.colours.primary`, and its
/// line when the file's text is known) and what is wrong there.
public struct BrandFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as named to the person.
    public let file: String
    /// The key path of the bad value; empty for the whole file.
    public let path: String
    /// What is wrong.
    public let message: String
    /// The line (from 1) the bad value's key stands on, when known.
    public private(set) var line: Int?

    /// An error at `path` of `file`.
    public init(file: String, path: String, message: String, line: Int? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
    }

    /// This error with the line its path stands on in `data`, the file's text.
    func located(in data: Data) -> BrandFileError {
        var located = self
        if located.line == nil { located.line = JSONKeyScan.line(of: path, in: data) }
        return located
    }

    /// `file: line N: at path: message`.
    public var description: String {
        "\(file): \(line.map { "line \($0): " } ?? "")\(path.isEmpty ? "" : "at \(path): ")\(message)"
    }
}

/// The files a brand file names beside it (its logo), read by name. A
/// reader given ``unavailable`` refuses a brand file that names one.
public struct BrandFileFolder: Sendable {
    private let reader: @Sendable (String) throws(FileInput.Refusal) -> Data

    /// Files read by `reader`, given a file's name (`logo.svg`).
    public init(reader: @escaping @Sendable (String) throws(FileInput.Refusal) -> Data) { self.reader = reader }

    /// The files of the folder at `url`, each read with ``FileInput`` up to `limit` bytes.
    public static func directory(_ url: URL, limit: Int = BrandLogo.maximumSize) -> BrandFileFolder {
        BrandFileFolder { name throws(FileInput.Refusal) in
            try FileInput.read(atPath: url.appendingPathComponent(name).path, limit: limit, kind: "logo files")
        }
    }

    /// The files in `files`, by name: for tests, fuzzing and a file edited in memory.
    public static func files(_ files: [String: Data]) -> BrandFileFolder {
        BrandFileFolder { name throws(FileInput.Refusal) in
            guard let data = files[name] else { throw FileInput.Refusal(description: "there is no such file") }
            return data
        }
    }

    /// No folder: a brand file naming a file beside it is refused.
    public static let unavailable = BrandFileFolder { _ throws(FileInput.Refusal) in
        throw FileInput.Refusal(description: "cannot be read: this brand file was given without its folder")
    }

    /// The bytes of the file called `name`.
    func read(_ name: String) throws(FileInput.Refusal) -> Data { try reader(name) }
}

extension BrandDefinition {
    /// The largest brand file read: far above any real brand's few kilobytes.
    public static let maximumFileSize = 256 * 1024
    /// The deepest its arrays and objects may nest: a real brand file nests
    /// about eight deep (a form definition's rules inside its fields).
    public static let maximumNesting = 32

    /// Reads a brand from the JSON of a `brand.json`, checking every key.
    ///
    /// The shape (optional keys marked `?`):
    ///
    /// ```json
    /// { "id": "neds", "name": "Neds", "region": "AU", "currency?": "AUD", "locale?": "en-AU",
    ///   "theme": { "fontFamily": "Neds Grotesk", "fontFallbacks?": ["Arial", "sans-serif"],
    ///              "logo?": "logo.svg", "icons": { "prefix": "neds", "pot": true },
    ///              "colours": { "background": "#ffffff", "primary": "#ff7800", … every role },
    ///              "spacing?": { "xxs": 2, "xs": 4, "s": 8, "m": 16, "l": 24, "xl": 32 } },
    ///   "appBar": { "promotions": "toolbox", "badge": true, "potIcon": true },
    ///   "flags?": { "login-native": true },
    ///   "messages?": { "username.taken": "That one's gone." },
    ///   "joinForm?": { "definition?": { … a whole form … }, "removeFields?": ["promoCode"],
    ///                  "addFields?": [ { "after": "mobile", "field": { … a field … } } ],
    ///                  "selfExclusionRegister?": true } }
    /// ```
    ///
    /// A logo is an SVG file in `folder` (beside the brand file), checked as
    /// ``BrandLogo`` checks it. `region` names a market of `markets` (the
    /// shipped packs when `nil`).
    /// - Throws: ``BrandFileError`` naming `file`, the key path and the problem.
    public static func read(
        json data: Data, file: String, folder: BrandFileFolder = .unavailable, markets: MarketCatalogue? = nil
    ) throws(BrandFileError) -> BrandDefinition {
        try DeclarationDocument.read(
            data, file: file, kind: "brand file", maximumSize: maximumFileSize, maximumNesting: maximumNesting
        ) { document throws(BrandFileError) in
            try BrandFileReader(file: file, folder: folder, markets: markets).brand(document)
        }
    }

    /// The brand as the JSON of a `brand.json`: what ``read(json:file:)``
    /// reads back to an equal definition. Keys in a fixed, readable order.
    public func fileDocument() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            (BrandFileShape.schemaKey, .string(BrandFileShape.schemaReference)),
            ("id", .string(manifest.id.rawValue)), ("name", .string(manifest.displayName)),
            ("region", .string(manifest.region.code)),
        ]
        if manifest.currencyCode != manifest.region.currencyCode {
            members.append(("currency", .string(manifest.currencyCode)))
        }
        if manifest.locale != manifest.region.locale { members.append(("locale", .string(manifest.locale))) }
        var themeMembers: [(key: String, value: JSONValue)] = [
            ("fontFamily", .string(theme.typography.body.fontFamily))
        ]
        if !theme.typography.body.fallbacks.isEmpty {
            themeMembers.append(("fontFallbacks", .array(theme.typography.body.fallbacks.map { .string($0) })))
        }
        if let logo = theme.logo { themeMembers.append(("logo", .string(logo.file))) }
        themeMembers += [
            (
                "icons",
                .object([("prefix", .string(Self.iconPrefix(of: theme.icons))), ("pot", .bool(theme.icons.pot != nil))])
            ),
            ("colours", .object(ColorRole.allCases.map { ($0.rawValue, .string(theme.palette[$0].hexString)) })),
        ]
        if theme.spacing != .standard {
            themeMembers.append(
                ("spacing", .object(SpacingStep.allCases.map { ($0.rawValue, .number(theme.spacing[$0])) })))
        }
        members.append(("theme", .object(themeMembers)))
        members.append(("appBar", Self.document(appBar)))
        if !featureFlagDefaults.isEmpty {
            members.append(
                (
                    "flags",
                    .object(featureFlagDefaults.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .bool($0.value)) })
                ))
        }
        if !messageTemplates.isEmpty {
            members.append(
                (
                    "messages",
                    .object(
                        messageTemplates.sorted { $0.key.rawValue < $1.key.rawValue }
                            .map { ($0.key.rawValue, .string($0.value)) })
                ))
        }
        if let joinForm = Self.document(form) { members.append(("joinForm", joinForm)) }
        return .object(members)
    }

    /// The files ``fileDocument()`` names beside the brand file, by name (its
    /// logo): with the document, what ``read(json:file:folder:)`` reads back.
    public var companionFiles: [String: Data] { theme.logo.map { [$0.file: Data($0.svg.utf8)] } ?? [:] }

    /// The asset prefix the theme's icons were named with (`neds` in `neds.icon.search`).
    static func iconPrefix(of icons: IconSet) -> String {
        icons.search.hasSuffix(".icon.search") ? String(icons.search.dropLast(".icon.search".count)) : icons.search
    }

    private static func document(_ appBar: AppBarSettings) -> JSONValue {
        var members: [(key: String, value: JSONValue)]
        switch appBar.promotions {
        case .none: members = [("promotions", .string("none"))]
        case .locker(let badge): members = [("promotions", .string("locker")), ("badge", .bool(badge))]
        case .toolbox(let badge): members = [("promotions", .string("toolbox")), ("badge", .bool(badge))]
        }
        members.append(("potIcon", .bool(appBar.showsPotIcon)))
        return .object(members)
    }

    private static func document(_ form: BrandForm) -> JSONValue? {
        var members: [(key: String, value: JSONValue)] = []
        if let replacement = form.replacement { members.append(("definition", JSONValue(encoding: replacement))) }
        if !form.removedFields.isEmpty {
            members.append(("removeFields", .array(form.removedFields.map { .string($0.rawValue) })))
        }
        if !form.addedFields.isEmpty {
            members.append(
                (
                    "addFields",
                    .array(
                        form.addedFields.map {
                            .object([("after", .string($0.after.rawValue)), ("field", JSONValue(encoding: $0.field))])
                        })
                ))
        }
        if let register = form.checksSelfExclusionRegister {
            members.append(("selfExclusionRegister", .bool(register)))
        }
        return members.isEmpty ? nil : .object(members)
    }

    static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        }
        return "\(error)"
    }
}

/// Reads a brand file's JSON value by value, every error naming its key path.
struct BrandFileReader: DeclarationReading {
    let file: String
    let folder: BrandFileFolder
    /// The markets a brand may name; `nil`: the shipped ones.
    let markets: MarketCatalogue?
    /// The shape the reader takes every object's keys from.
    private let shape = BrandFileShape.brandFile

    func brand(_ document: JSONValue) throws(BrandFileError) -> BrandDefinition {
        let root = try object(document, at: "", shape: shape, also: [Shape.schemaKey])
        let idText = try string(root["id"], at: "id")
        guard let id = BrandID(rawValue: idText) else {
            throw fail(
                "id", "'\(idText)' is not a brand id: lower-case letters, digits and hyphens, starting with a letter")
        }
        let name = try string(root["name"], at: "name")
        let regionCode = try string(root["region"], at: "region")
        let found: Region?
        if let markets {
            found = markets.region(code: regionCode)
        } else {
            found = try MarketCatalogue.shippedRegion(code: regionCode)
        }
        guard let region = found else {
            let codes: [String]
            if let markets { codes = markets.codes } else { codes = try MarketCatalogue.shippedCodes() }
            throw fail(
                "region",
                "'\(regionCode.prefix(20))' is not a market with a pack; known: \(codes.joined(separator: ", "))")
        }
        let currency =
            try root["currency"].map { value throws(BrandFileError) in try currencyCode(value, at: "currency") }
            ?? region.currencyCode
        let locale =
            try root["locale"].map { value throws(BrandFileError) in try localeName(value, at: "locale") }
            ?? region.locale
        let manifest = BrandManifest(id: id, displayName: name, region: region, currencyCode: currency, locale: locale)
        let theme = try theme(root["theme"], name: name)
        let appBar = try appBar(root["appBar"])
        let flags = try flags(root["flags"])
        let messages = try messages(root["messages"])
        let form = try formDeclaration(root["joinForm"], at: "joinForm", shape: shape["joinForm"])
        do {
            return try BrandDefinition(
                manifest: manifest, theme: theme, messageTemplates: messages,
                featureFlagDefaults: flags, appBar: appBar, form: form)
        } catch {
            throw fail("joinForm", error.description)
        }
    }

    // MARK: Sections

    private func theme(_ value: JSONValue?, name: String) throws(BrandFileError) -> Theme {
        let shape = self.shape["theme"]
        let theme = try object(value, at: "theme", shape: shape)
        let font = try fontFamily(theme["fontFamily"], at: "theme.fontFamily")
        let fallbacks =
            try theme["fontFallbacks"].map { value throws(BrandFileError) in try fontFallbacks(value) } ?? []
        let logo = try theme["logo"].map { value throws(BrandFileError) in try self.logo(value) }
        let icons = try object(theme["icons"], at: "theme.icons", shape: shape?["icons"])
        let prefix = try string(icons["prefix"], at: "theme.icons.prefix")
        let pot = try bool(icons["pot"], at: "theme.icons.pot")
        let colours = try object(theme["colours"], at: "theme.colours", shape: shape?["colours"])
        var palette: [ColorRole: RGBColor] = [:]
        for role in ColorRole.allCases {
            let path = "theme.colours.\(role.rawValue)"
            let hex = try string(colours[role.rawValue], at: path)
            do {
                palette[role] = try RGBColor(hex: hex)
            } catch {
                throw fail(path, "'\(hex)' is not a colour: write #rrggbb or #rrggbbaa")
            }
        }
        var spacing = SpacingScale.standard
        if let steps = theme["spacing"] {
            let scale = try object(steps, at: "theme.spacing", shape: shape?["spacing"])
            for step in SpacingStep.allCases {
                spacing[step] = try number(scale[step.rawValue], at: "theme.spacing.\(step.rawValue)", in: 0...1_000)
            }
            if let problem = spacing.problems.first { throw fail("theme.spacing", problem.description) }
        }
        return Theme(
            name: name, palette: ColorPalette { palette[$0] ?? RGBColor(red: 0, green: 0, blue: 0) },
            typography: TypographyScale(fontFamily: font, fallbacks: fallbacks), spacing: spacing,
            icons: IconSet(assetPrefix: prefix, hasPot: pot), logo: logo)
    }

    /// The most fallback font families a brand may give.
    static let maximumFallbacks = 8

    /// A font family name: letters, digits, spaces, hyphens and dots, at most 64 characters.
    private func fontFamily(_ value: JSONValue?, at path: String) throws(BrandFileError) -> String {
        let name = try string(value, at: path)
        guard name.count <= 64,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "." || $0 == "_" })
        else {
            throw fail(
                path, "'\(name.prefix(80))' is not a font family name (letters, digits, spaces, hyphens; at most 64)")
        }
        return name
    }

    private func fontFallbacks(_ value: JSONValue) throws(BrandFileError) -> [String] {
        guard case .array(let items) = value else {
            throw fail("theme.fontFallbacks", "expected a list of font family names, found \(value.kind)")
        }
        guard items.count <= Self.maximumFallbacks else {
            throw fail("theme.fontFallbacks", "\(items.count) families; at most \(Self.maximumFallbacks)")
        }
        return try items.enumerated().map { item throws(BrandFileError) in
            try fontFamily(item.element, at: "theme.fontFallbacks[\(item.offset)]")
        }
    }

    private func logo(_ value: JSONValue) throws(BrandFileError) -> BrandLogo {
        let name = try string(value, at: "theme.logo")
        guard BrandLogo.isFileName(name) else {
            throw fail(
                "theme.logo",
                "'\(name.prefix(80))' is not a logo file name: an SVG file beside the brand file, such as logo.svg")
        }
        let data: Data
        do throws(FileInput.Refusal) {
            data = try folder.read(name)
        } catch {
            throw fail("theme.logo", "\(name) \(error.description)")
        }
        guard let svg = String(data: data, encoding: .utf8) else {
            throw fail("theme.logo", "\(name) is not UTF-8 text")
        }
        do throws(LogoProblem) {
            return try BrandLogo(svg: svg, file: name)
        } catch {
            throw fail("theme.logo", "\(name): \(error.description)")
        }
    }

    private func appBar(_ value: JSONValue?) throws(BrandFileError) -> AppBarSettings {
        let appBar = try object(value, at: "appBar", shape: shape["appBar"])
        let entries = ["none", "locker", "toolbox"]
        let entry = try string(appBar["promotions"], at: "appBar.promotions")
        let badge = try appBar["badge"].map { value throws(BrandFileError) in try bool(value, at: "appBar.badge") }
        let promotions: PromotionsEntry
        switch entry {
        case "none":
            if badge == true { throw fail("appBar.badge", "there is no promotions entry to carry a badge") }
            promotions = .none
        case "locker", "toolbox":
            guard let badge else { throw fail("appBar", "missing key 'badge' (true or false) for the \(entry)") }
            promotions = entry == "locker" ? .locker(showsBadge: badge) : .toolbox(showsBadge: badge)
        default:
            throw fail("appBar.promotions", "unknown entry '\(entry)'\(NameSuggestion.hint(for: entry, in: entries))")
        }
        return AppBarSettings(promotions: promotions, showsPotIcon: try bool(appBar["potIcon"], at: "appBar.potIcon"))
    }

    private func flags(_ value: JSONValue?) throws(BrandFileError) -> [FeatureFlag: Bool] {
        guard let value else { return [:] }
        let flags = try object(value, at: "flags", shape: shape["flags"])
        var defaults: [FeatureFlag: Bool] = [:]
        for (name, flag) in flags { defaults[FeatureFlag(rawValue: name)] = try bool(flag, at: "flags.\(name)") }
        return defaults
    }

    private func messages(_ value: JSONValue?) throws(BrandFileError) -> [RuleCode: String] {
        guard let value else { return [:] }
        guard case .object(let members) = value else {
            throw fail("messages", "expected an object of rule code to message, found \(value.kind)")
        }
        var templates: [RuleCode: String] = [:]
        for member in members {
            guard !member.key.isEmpty, !member.key.contains(where: \.isWhitespace) else {
                throw fail("messages", "'\(member.key)' is not a rule code (such as username.taken)")
            }
            let text = try string(member.value, at: "messages.\(member.key)")
            templates[RuleCode(rawValue: member.key)] = text
        }
        return templates
    }

    // MARK: Values

    private typealias Shape = BrandFileShape

}
