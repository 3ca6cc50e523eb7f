import JoinFormFeature
import LiveryCore

/// A registration a brand's own checks accept, for the document's example:
/// each field given the first of a few plain values its rules take (a
/// choice's first option, the market's sample address and mobile number),
/// checked with the brand's validator on a fixed day, so the example holds
/// on any later day.
struct RegistrationSample {
    let brand: ContractScope.Brand

    /// The day the sample is checked on; a date of birth old enough then stays old enough.
    static let checkedOn = CalendarDay(year: 2025, month: 1, day: 1)!

    /// The registration's fields, or `nil` when a field takes none of the plain values.
    var fields: [String: String]? {
        let market = brand.market
        let validator = RegistrationValidator(
            definition: brand.definition,
            environment: RuleEnvironment(market: market, wallClock: .fixed(Self.checkedOn)))
        var fields: [String: String] = [:]
        var texts: [FieldDefinition] = []
        for field in brand.definition.fields {
            let name = field.name.rawValue
            switch field.inputType {
            case .address:
                let samples = market.address.samples
                guard let address = samples.first(where: { $0.unit == nil }) ?? samples.first else { return nil }
                fields["\(name).\(AddressPart.streetNumber.rawValue)"] = address.streetNumber
                fields["\(name).\(AddressPart.street.rawValue)"] = address.street
                fields["\(name).\(AddressPart.postcode.rawValue)"] = address.postcode
                if let unit = address.unit { fields["\(name).\(AddressPart.unit.rawValue)"] = unit }
                for (part, place) in address.places { fields["\(name).\(part.rawValue)"] = place }
            case .depositLimit:
                fields[name] = "declined"
            case .checkbox:
                fields[name] = field.validate.mandatory ? "true" : "false"
            default:
                texts.append(field)
            }
        }
        for field in texts {
            let name = field.name.rawValue
            let accepted = candidates(for: field).first { candidate in
                var trial = fields
                trial[name] = candidate
                return validator.violations(in: trial)[field.name] == nil
            }
            guard let accepted else { return nil }
            fields[name] = accepted
        }
        return validator.violations(in: fields).isEmpty ? fields : nil
    }

    /// Plain values to try for a text field, the likeliest for its name first.
    private func candidates(for field: FieldDefinition) -> [String] {
        let name = field.name.rawValue.lowercased()
        let person = name.contains("last") ? ["Lovelace", "Ada"] : ["Ada", "Lovelace"]
        return (field.options?.prefix(1).map { $0 } ?? []) + person + [
            "ada_lovelace", "Analytical1!", "ada@example.com", brand.market.mobile.example, "10/12/1990",
            brand.market.postcode.example, "Sample 1",
        ]
    }
}
