/// Messages for rule codes, per locale, that replace a rule's default message.
///
/// A brand ships a catalogue for its locales; a feature may ship defaults that
/// the brand's catalogue is merged over. Templates use `{name}` placeholders
/// filled from the violation's parameters. Lookup for a locale such as
/// `en-AU` tries `en-AU`, then `en`, then the locale-independent entry, and
/// falls back to the violation's own default message. Locale identifiers are
/// compared case-insensitively, with `_` and `-` treated alike.
public struct MessageCatalogue: Sendable, Equatable {
    private var tables: [String: [RuleCode: String]] = [:]

    /// A catalogue with no messages: every code shows its default words.
    public init() {}

    /// A catalogue of locale-independent templates by code.
    public init(_ templates: [RuleCode: String]) {
        tables[""] = templates
    }

    /// Sets the template for `code` in `locale` (or for every locale when `nil`).
    public mutating func set(_ template: String, for code: RuleCode, locale: String? = nil) {
        tables[Self.normalise(locale ?? ""), default: [:]][code] = template
    }

    /// Every template: by locale (empty for every locale), then code.
    public var entries: [(locale: String, code: RuleCode, template: String)] {
        tables.sorted { $0.key < $1.key }.flatMap { locale, table in
            table.sorted { $0.key.rawValue < $1.key.rawValue }.map { (locale, $0.key, $0.value) }
        }
    }

    /// This catalogue with every entry of `overrides` on top.
    public func merging(_ overrides: MessageCatalogue) -> MessageCatalogue {
        var merged = self
        for (locale, table) in overrides.tables {
            merged.tables[locale, default: [:]].merge(table) { _, override in override }
        }
        return merged
    }

    /// The template for `code` in `locale`, following the fallback order, if any.
    public func template(for code: RuleCode, locale: String) -> String? {
        let exact = Self.normalise(locale)
        if let template = tables[exact]?[code] { return template }
        if let dash = exact.firstIndex(of: "-"), let template = tables[String(exact[..<dash])]?[code] {
            return template
        }
        return tables[""]?[code]
    }

    /// The message to show for `violation` in `locale`.
    public func message(for violation: RuleViolation, locale: String) -> String {
        messages(for: locale).message(for: violation)
    }

    /// Every template that applies in `locale`, resolved once through the
    /// fallback order, for a head that renders many messages.
    public func messages(for locale: String) -> LocalizedMessages {
        let exact = Self.normalise(locale)
        var resolved = tables[""] ?? [:]
        if let dash = exact.firstIndex(of: "-"), let language = tables[String(exact[..<dash])] {
            resolved.merge(language) { _, specific in specific }
        }
        if let specific = tables[exact] { resolved.merge(specific) { _, specific in specific } }
        return LocalizedMessages(templates: resolved)
    }

    private static func normalise(_ locale: String) -> String {
        locale.replacingOccurrences(of: "_", with: "-").lowercased()
    }
}

/// The messages of one locale: a ``MessageCatalogue`` with its fallback
/// order already applied, so rendering a violation is one lookup.
public struct LocalizedMessages: Sendable, Equatable {
    let templates: [RuleCode: String]

    /// The message to show for `violation`: its template filled from the
    /// violation's parameters, or the violation's own default message.
    public func message(for violation: RuleViolation) -> String {
        guard let template = templates[violation.code] else { return violation.message }
        return MessageTemplate.render(template, with: violation.parameters)
    }
}
