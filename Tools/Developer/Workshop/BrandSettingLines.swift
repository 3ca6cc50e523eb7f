import AppBarFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Every setting of a brand as `key = value` lines: identity, theme tokens,
/// flag defaults, messages, app bar, join-form settings and the form it
/// ships, field by field. Two brands' settings side by side are their
/// difference (``BrandDifference``).
public struct BrandSettingLines: Sendable, Equatable {
    /// The settings in a fixed order: key, then the value as text.
    public let entries: [(key: String, value: String)]

    /// Two brands' settings are equal when every entry is.
    public static func == (lhs: BrandSettingLines, rhs: BrandSettingLines) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
    }

    /// The settings of `configuration`'s brand.
    public init(_ configuration: BrandConfiguration) {
        let plugin = configuration.plugin
        let manifest = plugin.manifest
        var entries: [(key: String, value: String)] = [
            ("name", manifest.displayName), ("market", manifest.market.code),
            ("currency", manifest.currencyCode), ("locale", manifest.locale),
        ]
        if let tokens = try? plugin.theme.designTokensJSON(),
            let document = try? JSONDecoder().decode(JSONValue.self, from: tokens)
        {
            entries += Self.flatten(document, prefix: "theme")
        }
        entries.append(("theme.logo", plugin.theme.logo.map(Self.describe) ?? "none"))
        for (flag, value) in plugin.featureFlagDefaults.sorted(by: { $0.key < $1.key }) {
            entries.append(("flag.\(flag.rawValue)", value ? "on" : "off"))
        }
        for entry in plugin.messages.entries {
            entries.append(
                ("message.\(entry.locale.isEmpty ? "" : entry.locale + ".")\(entry.code.rawValue)", entry.template))
        }
        let appBar = configuration.appBar
        entries += [
            ("appBar.promotions", Self.describe(appBar.promotions)),
            ("appBar.potIcon", appBar.showsPotIcon ? "on" : "off"),
            ("appBar.minimumRightItems", "\(appBar.minimumRightItems)"),
            ("appBar.lockerDelayAfterUserTray", "\(appBar.lockerDelayAfterUserTray)"),
        ]
        entries.append(
            ("joinForm.selfExclusionRegister", configuration.checksSelfExclusionRegister ? "checked" : "not checked"))
        let form = JSONValue(encoding: configuration.bundledDefinition)
        entries += Self.flatten(form, prefix: "joinForm")
        self.entries = entries
    }

    /// The defaults of every known flag for `configuration`'s brand, as its
    /// brand file declares them: `on`, `off`, or `off (not set)` for a flag
    /// the file leaves out (an unset flag is off unless the app's flag service says otherwise).
    public static func flagDefaults(_ configuration: BrandConfiguration) -> [String] {
        let defaults = configuration.plugin.featureFlagDefaults
        return FeatureFlag.known.map { flag in defaults[flag].map { $0 ? "on" : "off" } ?? "off (not set)" }
    }

    /// How a logo reads: its file, its size and a fingerprint of its bytes
    /// (FNV-1a), so two different logos of one size differ.
    public static func describe(_ logo: BrandLogo) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in logo.svg.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let fingerprint = String(hash, radix: 16)
        return
            "\(logo.file), \(logo.svg.utf8.count) bytes, \(String(repeating: "0", count: 16 - fingerprint.count))\(fingerprint)"
    }

    /// How a promotions entry reads.
    public static func describe(_ entry: PromotionsEntry) -> String {
        switch entry {
        case .none: "none"
        case .locker(let badge): badge ? "locker with badge" : "locker"
        case .toolbox(let badge): badge ? "toolbox with badge" : "toolbox"
        }
    }

    /// `value` as `key = value` lines under `prefix`: objects by key, lists of
    /// named objects (fields, pages) by name, other lists by position, lists
    /// of plain values on one line; a design token's `$value` is its token's
    /// value and its other `$` keys are left out.
    static func flatten(_ value: JSONValue, prefix: String) -> [(key: String, value: String)] {
        switch value {
        case .object(let members):
            if let token = members.first(where: { $0.key == "$value" }) { return flatten(token.value, prefix: prefix) }
            return members.filter { !$0.key.hasPrefix("$") }.flatMap {
                flatten($0.value, prefix: "\(prefix).\($0.key)")
            }
        case .array(let items):
            if items.allSatisfy({ if case .object = $0 { false } else if case .array = $0 { false } else { true } }) {
                return [(prefix, "[" + items.map(text).joined(separator: ", ") + "]")]
            }
            if items.allSatisfy({ name(of: $0) != nil }) {
                return items.flatMap { item in flatten(item, prefix: "\(prefix).\(name(of: item) ?? "")") }
            }
            return items.enumerated().flatMap { flatten($0.element, prefix: "\(prefix)[\($0.offset)]") }
        default:
            return [(prefix, text(value))]
        }
    }

    private static func name(of value: JSONValue) -> String? {
        guard case .object(let members) = value,
            case .string(let name)? = members.first(where: { $0.key == "name" })?.value
        else {
            return nil
        }
        return name
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
        default: value.formatted().trimmingCharacters(in: .newlines)
        }
    }
}
