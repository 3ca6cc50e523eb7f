import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

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
    /// { "id": "neds", "name": "Neds", "market": "AU", "currency?": "AUD", "locale?": "en-AU",
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
    /// `BrandLogo` checks it. `market` names a market of `markets` (the
    /// shipped packs when `nil`).
    /// - Throws: ``DeclarationError`` naming `file`, the key path and the problem.
    public static func read(
        json data: Data, file: String, folder: BrandFileFolder = .unavailable, markets: MarketCatalogue? = nil
    ) throws(DeclarationError) -> BrandDefinition {
        try DeclarationDocument.read(
            data, file: file, kind: "brand file", maximumSize: maximumFileSize, maximumNesting: maximumNesting
        ) { document throws(DeclarationError) in
            try BrandFileReader(file: file, folder: folder, markets: markets).brand(document)
        }
    }

    /// The brand as the JSON of a `brand.json`: what ``read(json:file:folder:markets:)``
    /// reads back to an equal definition. Keys in a fixed, readable order.
    public func fileDocument() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            (DeclarationShape.schemaKey, .string(DeclarationShape.schemaReference)),
            ("id", .string(manifest.id.rawValue)), ("name", .string(manifest.displayName)),
            ("market", .string(manifest.market.code)),
        ]
        if manifest.currencyCode != manifest.market.currencyCode {
            members.append(("currency", .string(manifest.currencyCode)))
        }
        if manifest.locale != manifest.market.locale { members.append(("locale", .string(manifest.locale))) }
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
    /// logo): with the document, what ``read(json:file:folder:markets:)`` reads back.
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
