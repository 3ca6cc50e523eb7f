import AddressLookupFeature
import AppBarFeature
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// The ids a brand's scenarios may name, taken from the engines themselves:
/// the brand's form definition (fields, inputs, options, pages), its
/// market's manual address children, the app bar's item ids and routes,
/// and the analytics event names.
struct Vocabulary: Sendable {
    let brand: BrandID
    let market: Market
    let definition: FormDefinition
    /// The form's address field, if it has one.
    let addressField: FieldName?
    /// The form's deposit-limit field, if it has one.
    let depositLimitField: FieldName?
    /// Every input a step may name, by its id (`email`, `address.street`, `depositLimit.amount`).
    let inputs: [String: InputID]
    /// Which fields hold the username and who the person is.
    let accountFields: AccountFieldNames

    /// The vocabulary of a brand.
    init(_ configuration: BrandConfiguration) {
        brand = configuration.id
        market = configuration.market
        definition = configuration.bundledDefinition
        addressField = definition.fields.first { $0.inputType == .address }?.name
        depositLimitField = definition.fields.first { $0.inputType == .depositLimit }?.name
        var inputs: [String: InputID] = [:]
        for field in definition.fields {
            inputs[field.name.rawValue] = .field(field.name)
            switch field.inputType {
            case .address:
                for child in AddressPart.fields(in: configuration.market) {
                    inputs["\(field.name).\(child.rawValue)"] = .child(field.name, child.rawValue)
                }
            case .depositLimit:
                for child in ["amount", "period"] { inputs["\(field.name).\(child)"] = .child(field.name, child) }
            default: break
            }
        }
        self.inputs = inputs
        accountFields = configuration.join.fieldNames
    }

    /// The fields holding who the person is, by the kind of personal data each holds: names, date of
    /// birth, e-mail and mobile.
    var personalFields: [FieldName: PersonalDataKind] {
        [
            accountFields.firstName: .name, accountFields.lastName: .name, accountFields.dateOfBirth: .dateOfBirth,
            accountFields.email: .email, accountFields.mobile: .phone,
        ]
    }

    /// Every name a report may print besides values: input ids and analytics event names.
    var words: [String] { inputNames + Self.eventNames }

    /// The input ids, sorted, for suggestions.
    var inputNames: [String] { inputs.keys.sorted() }

    /// The page names, in order.
    var pageNames: [String] { definition.pages.map(\.name) }

    /// The definition of the field an input belongs to.
    func field(of input: InputID) -> FieldDefinition? { definition.field(input.field) }

    /// Whether typing into `input` should be masked in transcripts.
    func isSecret(_ input: InputID) -> Bool {
        if case .field = input { return field(of: input)?.inputType == .password }
        return false
    }

    /// Why a person cannot put focus on `input`, or `nil` when they can:
    /// drop-downs and tick boxes are chosen or ticked, never focused, and a
    /// deposit limit is focused in its amount.
    func focusRefusal(_ input: InputID) -> String? {
        switch input {
        case .field(let name):
            switch field(of: input)?.inputType {
            case .select?:
                return "'\(name)' is a drop-down and never takes focus; pick an option with `choose: { \(name): … }`"
            case .checkbox?: return "'\(name)' is a tick box and never takes focus; tick it with `toggle: \(name)`"
            case .depositLimit?: return "'\(name)' takes no focus itself; its amount does: `focus: \(name).amount`"
            default: return nil
            }
        case .child:
            guard options(of: input) != nil else { return nil }
            return "'\(input)' is a drop-down and never takes focus; pick an option with `choose: { \(input): … }`"
        }
    }

    /// The choices of a drop-down input, or `nil` for free text.
    func options(of input: InputID) -> [String]? {
        switch input {
        case .field:
            return field(of: input)?.options
        case .child(let parent, let key):
            if parent == depositLimitField, key == "period" { return DepositLimitPeriod.allCases.map(\.rawValue) }
            if parent == addressField, let child = AddressPart(rawValue: key) {
                return child.options(in: market)
            }
            return nil
        }
    }

    /// The app bar item ids a step may name (spacers as `spacer-N`): the app bar's own table.
    static let itemIDs = AppBarItemID.allCases

    /// The join routes by the names scenarios use: the journey's own table.
    static let joinRoutes = JoinRoute.Name.allCases.map(\.rawValue)

    /// The analytics event names the engines send: their own tables.
    static let eventNames = JoinEvent.allCases.map(\.rawValue) + AppBarEvent.allCases.map(\.rawValue)

    /// The feature flags the engines read.
    static let flags = FeatureFlag.known

    /// The name of a join route, as scenarios write it.
    static func name(of route: JoinRoute?) -> String { route?.name.rawValue ?? "none" }
}
