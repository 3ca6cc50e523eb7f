import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// Reads a brand file's JSON value by value, every error naming its key path.
struct BrandFileReader: DeclarationReading {
    let file: String
    let folder: BrandFileFolder
    /// The markets a brand may name; `nil`: the shipped ones.
    let markets: MarketCatalogue?
    /// The shape the reader takes every object's keys from.
    private let shape = DeclarationShape.brandFile

    func brand(_ document: JSONValue) throws(DeclarationError) -> BrandDefinition {
        let root = try object(
            try BrandFileRenames.current(document, file: file), at: "", shape: shape, also: [Shape.schemaKey])
        let idText = try string(root["id"], at: "id")
        guard let id = BrandID(rawValue: idText) else {
            throw fail(
                "id", "'\(idText)' is not a brand id: lower-case letters, digits and hyphens, starting with a letter")
        }
        let name = try string(root["name"], at: "name")
        let marketCode = try string(root["market"], at: "market")
        let found: Market?
        if let markets {
            found = markets.market(code: marketCode)
        } else {
            found = try MarketCatalogue.shippedMarket(code: marketCode)
        }
        guard let market = found else {
            let codes: [String]
            if let markets { codes = markets.codes } else { codes = try MarketCatalogue.shippedCodes() }
            throw fail(
                "market",
                "'\(marketCode.prefix(20))' is not a market with a pack; known: \(codes.joined(separator: ", "))")
        }
        let currency =
            try root["currency"].map { value throws(DeclarationError) in try currencyCode(value, at: "currency") }
            ?? market.currencyCode
        let locale =
            try root["locale"].map { value throws(DeclarationError) in try localeName(value, at: "locale") }
            ?? market.locale
        let manifest = BrandManifest(id: id, displayName: name, market: market, currencyCode: currency, locale: locale)
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

    private func theme(_ value: JSONValue?, name: String) throws(DeclarationError) -> Theme {
        let shape = self.shape["theme"]
        let theme = try object(value, at: "theme", shape: shape)
        let font = try fontFamily(theme["fontFamily"], at: "theme.fontFamily")
        let fallbacks =
            try theme["fontFallbacks"].map { value throws(DeclarationError) in try fontFallbacks(value) } ?? []
        let logo = try theme["logo"].map { value throws(DeclarationError) in try self.logo(value) }
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
    private func fontFamily(_ value: JSONValue?, at path: String) throws(DeclarationError) -> String {
        let name = try string(value, at: path)
        guard name.count <= 64,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "." || $0 == "_" })
        else {
            throw fail(
                path, "'\(name.prefix(80))' is not a font family name (letters, digits, spaces, hyphens; at most 64)")
        }
        return name
    }

    private func fontFallbacks(_ value: JSONValue) throws(DeclarationError) -> [String] {
        guard case .array(let items) = value else {
            throw fail("theme.fontFallbacks", "expected a list of font family names, found \(value.kind)")
        }
        guard items.count <= Self.maximumFallbacks else {
            throw fail("theme.fontFallbacks", "\(items.count) families; at most \(Self.maximumFallbacks)")
        }
        return try items.enumerated().map { item throws(DeclarationError) in
            try fontFamily(item.element, at: "theme.fontFallbacks[\(item.offset)]")
        }
    }

    private func logo(_ value: JSONValue) throws(DeclarationError) -> BrandLogo {
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

    private func appBar(_ value: JSONValue?) throws(DeclarationError) -> AppBarSettings {
        let appBar = try object(value, at: "appBar", shape: shape["appBar"])
        let entries = ["none", "locker", "toolbox"]
        let entry = try string(appBar["promotions"], at: "appBar.promotions")
        let badge = try appBar["badge"].map { value throws(DeclarationError) in try bool(value, at: "appBar.badge") }
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

    private func flags(_ value: JSONValue?) throws(DeclarationError) -> [FeatureFlag: Bool] {
        guard let value else { return [:] }
        let flags = try object(value, at: "flags", shape: shape["flags"])
        var defaults: [FeatureFlag: Bool] = [:]
        for (name, flag) in flags { defaults[FeatureFlag(rawValue: name)] = try bool(flag, at: "flags.\(name)") }
        return defaults
    }

    private func messages(_ value: JSONValue?) throws(DeclarationError) -> [RuleCode: String] {
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
            templates[RuleCode(rawValue: member.key)] = BrandFileRenames.currentPlaceholders(in: text)
        }
        return templates
    }

    // MARK: Values

    private typealias Shape = DeclarationShape

}
