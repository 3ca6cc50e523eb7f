import Foundation
import JoinFormFeature
import LiveryCore

/// What the sandbox needs of one brand, read once from its plugin exactly
/// as the composition root does: the join form definition (the brand's own
/// or the standard one of its region), the field names the account service
/// reads, and whether creating a client checks the self-exclusion register.
struct SandboxBrand: Sendable {
    let id: BrandID
    let region: Region
    let definition: FormDefinition
    let fieldNames: AccountFieldNames
    let checksSelfExclusionRegister: Bool
    /// The definition as JSON, encoded once (`GET /v2/registration/config`).
    let definitionJSON: Data
    /// The names of the form's `Password` fields: stored only as a hash.
    let passwordFields: Set<String>
    /// The form's rules, built once, that every registration is checked with.
    let validator: RegistrationValidator

    init(_ plugin: any BrandPlugin) throws {
        var settings = FeatureSettings()
        plugin.configure(&settings)
        let joinSettings = settings[JoinFormSettings.Key.self]
        id = plugin.manifest.id
        region = plugin.manifest.region
        do {
            definition = try joinSettings.definition ?? FormDefinition.standard(for: region)
        } catch {
            throw SandboxSetupError.definition(plugin.manifest.id, "\(error)")
        }
        fieldNames = joinSettings.fieldNames
        checksSelfExclusionRegister = joinSettings.checksSelfExclusionRegister(in: region)
        definitionJSON = try definition.json()
        validator = RegistrationValidator(
            definition: definition,
            environment: RuleEnvironment(region: region, wallClock: .system(calendar: WallClock.gregorianUTC)),
            fieldNames: fieldNames)
        passwordFields = validator.secretFields
    }
}

/// The brands the sandbox serves, by id.
struct SandboxBrands: Sendable {
    private let registry: BrandRegistry
    private let byID: [BrandID: SandboxBrand]

    init(_ plugins: [any BrandPlugin]) throws {
        do {
            registry = try BrandRegistry(plugins)
        } catch {
            throw SandboxSetupError.brands(error.description)
        }
        byID = Dictionary(uniqueKeysWithValues: try plugins.map { ($0.manifest.id, try SandboxBrand($0)) })
    }

    /// The brand a request names (case-insensitive), or a 404 `brand.unknown` naming the known ones.
    func brand(named name: String) throws(APIError) -> SandboxBrand {
        guard let plugin = try? registry.plugin(named: name), let brand = byID[plugin.manifest.id] else {
            throw .unknownBrand(name, known: registry.ids)
        }
        return brand
    }
}

/// Why the sandbox could not be set up.
public enum SandboxSetupError: Error, CustomStringConvertible {
    /// The brand plugins could not be registered (e.g. two share an id).
    case brands(String)
    /// A brand's join form definition does not load.
    case definition(BrandID, String)
    /// The database could not be opened or migrated.
    case database(path: String, reason: String)
    /// The server could not start (e.g. the port is in use).
    case server(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .brands(let reason): "the brand plugins: \(reason)"
        case .definition(let brand, let reason): "brand '\(brand)': its join form definition does not load: \(reason)"
        case .database(let path, let reason): "the database at \(path): \(reason)"
        case .server(let reason): "the server did not start: \(reason)"
        }
    }
}
