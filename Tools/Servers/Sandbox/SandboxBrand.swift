import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import OpenAPIGeneration

/// What the sandbox needs of one brand, from the composition root's reading
/// of its plugin (``BrandConfiguration``): the join form definition (the
/// brand's own or the standard one of its market), the field names the
/// account service reads, and whether creating a client checks the
/// self-exclusion register.
struct SandboxBrand: Sendable {
    let id: BrandID
    let market: Market
    let definition: FormDefinition
    let fieldNames: AccountFieldNames
    let checksSelfExclusionRegister: Bool
    /// The definition as JSON, encoded once (`GET /v2/registration/config`).
    let definitionJSON: Data
    /// The names of the form's `Password` fields: stored only as a hash.
    let passwordFields: Set<String>
    /// The form's rules, built once, that every registration is checked with.
    let validator: RegistrationValidator

    init(_ configuration: BrandConfiguration, wallClock: WallClock) throws {
        id = configuration.id
        market = configuration.market
        definition = configuration.bundledDefinition
        fieldNames = configuration.join.fieldNames
        checksSelfExclusionRegister = configuration.checksSelfExclusionRegister
        definitionJSON = try definition.json()
        validator = RegistrationValidator(
            definition: definition,
            environment: RuleEnvironment(market: market, wallClock: wallClock),
            fieldNames: fieldNames)
        passwordFields = validator.secretFields
    }
}

/// The brands the sandbox serves, by id.
struct SandboxBrands: Sendable {
    private let composition: Composition
    private let byID: [BrandID: SandboxBrand]

    init(_ plugins: [any BrandPlugin], wallClock: WallClock) throws {
        do {
            composition = try Composition(plugins)
        } catch {
            throw SandboxSetupError.brands(error.description)
        }
        var byID: [BrandID: SandboxBrand] = [:]
        for id in composition.registry.ids {
            do {
                byID[id] = try SandboxBrand(composition.configuration(of: id.rawValue), wallClock: wallClock)
            } catch let error as CompositionError {
                throw SandboxSetupError.definition(id, "\(error)")
            }
        }
        self.byID = byID
    }

    /// The markets of the brands served.
    var markets: [Market] { byID.values.map(\.market) }

    /// Every brand's password fields: what a record of requests never holds.
    var passwordFields: Set<String> { byID.values.reduce(into: []) { $0.formUnion($1.passwordFields) } }

    /// The brand a request names: a served brand's id, in any case of its
    /// ASCII letters and nothing around it (what the contract's pattern says),
    /// or a 404 `brand.unknown` naming the known ones.
    func brand(named name: String) throws(APIError) -> SandboxBrand {
        let lowered = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        guard let id = BrandID(rawValue: lowered), let brand = byID[id] else {
            throw .unknownBrand(name, known: composition.registry.ids)
        }
        return brand
    }

    /// What the contract's document describes for these brands and `markets`.
    func contractScope(markets: MarketCatalogue) -> ContractScope {
        ContractScope(
            brands: composition.registry.ids.compactMap { byID[$0] }.map {
                ContractScope.Brand(id: $0.id, definition: $0.definition, market: $0.market)
            },
            markets: markets.codes)
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
    /// The server could not start (e.g. the port is in use), or may not (seeding open to other machines without a token).
    case server(String)
    /// The certificate or key for HTTPS cannot be used.
    case tls(String)
    /// The file for recording exchanges is not a regular file, or cannot be opened for writing.
    case exchangeRecord(path: String, reason: String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .brands(let reason): "the brand plugins: \(reason)"
        case .definition(let brand, let reason): "brand '\(brand)': its join form definition does not load: \(reason)"
        case .database(let path, let reason): "the database at \(path): \(reason)"
        case .server(let reason): "the server did not start: \(reason)"
        case .tls(let reason): "HTTPS cannot be served: \(reason)"
        case .exchangeRecord(let path, let reason): "the exchange record \(path) \(reason)"
        }
    }
}
