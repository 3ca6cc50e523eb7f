import AddressLookupFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryConsole
import LiveryCore

/// The scenario files a brand starts with in a market none of the model's
/// scenarios were written for: its whole sign-up and its market's own rules
/// (the mobile plan, the postcode typed in the manual address), every value
/// taken from the market's pack and the brand's form, every expectation
/// worked out the way the engines work it out.
public enum MarketScenarios {
    /// The files, by name, for `brand` (in its market).
    /// - Throws: `ToolError` when the market has no address to sign up with.
    public static func files(for brand: BrandDefinition) throws(ToolError) -> [String: String] {
        let market = brand.manifest.market
        let definition: FormDefinition
        do {
            definition = try brand.formDefinition ?? FormDefinition.standard(for: market)
        } catch {
            throw ToolError("the brand's join form does not load: \(error)")
        }
        let addresses: [PostalAddress]
        if market.addresses.isEmpty {
            addresses = ((try? AddressDataset.bundled()) ?? []).filter { $0.marketCode == market.code }
        } else {
            addresses = market.addresses
        }
        guard let address = addresses.first(where: { $0.unit == nil }) ?? addresses.first else {
            throw ToolError("\(market.code) has no addresses to sign up with: give its pack an address file")
        }
        let writer = Writer(
            brand: brand.manifest.id.rawValue, market: market, definition: definition, address: address,
            lookup: EmbeddedAddressLookupService(addresses: addresses),
            values: FieldValues(market: market, today: EmbeddedWorld.defaultToday, addresses: addresses))
        return [
            "01-sign-up-in-\(market.code.lowercased()).yaml": writer.signUp(),
            "02-\(market.code.lowercased())-rules.yaml": writer.marketRules(),
        ]
    }

    /// Writes the steps of one brand's journeys.
    private struct Writer {
        let brand: String
        let market: Market
        let definition: FormDefinition
        let address: PostalAddress
        let lookup: EmbeddedAddressLookupService
        let values: FieldValues

        var mobileDigits: String { market.mobile.example.filter(\.isNumber) }

        func header(_ title: String) -> [String] {
            ["scenario: " + YAMLText.quoted(title), "brand: \(brand)", "steps:"]
        }

        /// Every field of `page` filled or chosen with a value its rules accept.
        func fill(_ page: PageDefinition, searching: Bool = true) -> [String] {
            var lines: [String] = []
            var typed: [(FieldName, String)] = []
            for name in page.rows.joined() {
                guard let field = definition.field(name) else { continue }
                switch field.inputType {
                case .select:
                    if let option = field.options?.first {
                        lines.append("  - choose: { \(name): \(YAMLText.quoted(option)) }")
                    }
                case .checkbox:
                    if field.validate.mandatory { lines.append("  - toggle: \(name)") }
                case .depositLimit:
                    lines.append("  - depositLimit: declined")
                case .address:
                    if searching { lines += chooseAddress(name) }
                case .tel:
                    typed.append((name, mobileDigits))
                default:
                    if let value = values.values(for: field).valid.first { typed.append((name, value)) }
                }
            }
            if !typed.isEmpty {
                lines.append("  - fill:")
                lines += typed.map { "      \($0.0): \(YAMLText.quoted($0.1))" }
            }
            return lines
        }

        /// The address found by searching its number and street, and chosen.
        func chooseAddress(_ name: FieldName) -> [String] {
            let query = [address.streetNumber, address.street].filter { !$0.isEmpty }.joined(separator: " ")
            let first = lookup.search(query, in: market, limit: 8).first?.text ?? address.singleLine
            return [
                "  - focus: \(name)",
                "  - searchAddress: \(YAMLText.quoted(query))",
                "  - wait: 300ms",
                "  - expect: { address: { listVisible: true, firstSuggestion: \(YAMLText.quoted(first)) } }",
                "  - selectAddress: 1",
                "  - expect: { field: { \(name): valid } }",
            ]
        }

        /// Every page filled in turn, continuing between them, then the sign-up.
        func signUp() -> String {
            var lines = header("A full sign-up in \(market.name): details in its formats, an address found by lookup")
            for (index, page) in definition.pages.enumerated() {
                lines += fill(page)
                if index == 0, definition.field("mobile")?.inputType == .tel {
                    let shown = DisplayFormat.mobile.format(mobileDigits, market: market)
                    lines.append(
                        "  - expect: { field: { mobile: { status: valid, display: \(YAMLText.quoted(shown)) } } }")
                }
                if index < definition.pages.count - 1 {
                    lines.append("  - tap: continue")
                    lines.append("  - expect: { page: \(YAMLText.word(definition.pages[index + 1].name)) }")
                }
            }
            lines.append("  - tap: signUp")
            lines.append("  - expect:")
            lines.append("      client: created")
            lines.append("      route: signedUp")
            if let name = definition.fields.first(where: { $0.inputType == .address })?.name {
                lines.append(
                    "      storedClient: { \(name).postcode: \(YAMLText.quoted(address.postcode)), password: absent }")
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// The market's own rules: a number outside its plan, then its example; a
        /// postcode outside its pattern in the manual address, then one typed as people type it.
        func marketRules() -> String {
            var lines = header("\(market.name)'s own rules: its mobile numbers and its postcodes")
            guard let first = definition.pages.first else { return lines.joined(separator: "\n") + "\n" }
            if definition.field("mobile")?.inputType == .tel {
                lines += [
                    "  - fill: { mobile: \"12345\" }",
                    "  - expect: { field: { mobile: { status: invalid, rules: [mobile.format] } } }",
                ]
            }
            lines += fill(first)
            guard let name = definition.fields.first(where: { $0.inputType == .address })?.name,
                let page = definition.pages.firstIndex(where: { $0.rows.joined().contains(name) })
            else { return lines.joined(separator: "\n") + "\n" }
            for (index, before) in definition.pages.enumerated() where index < page {
                if index > 0 { lines += fill(before) }
                lines.append("  - tap: continue")
            }
            lines += chooseAddress(name)
            let typed = market.postcode.upperCased ? address.postcode.lowercased() : address.postcode
            lines += [
                "  - enterAddressManually",
                "  - expect: { address: { mode: manual }, field: { \(name).postcode: { value: \(YAMLText.quoted(address.postcode)) } } }",
                "  - fill: { \(name).postcode: \"0\" }",
                "  - expect: { field: { \(name).postcode: { status: invalid, rules: [postcode.format] } } }",
                "  - fill: { \(name).postcode: \(YAMLText.quoted(typed)) }",
                "  - expect: { field: { \(name): valid, \(name).postcode: { value: \(YAMLText.quoted(address.postcode)), status: valid } } }",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
