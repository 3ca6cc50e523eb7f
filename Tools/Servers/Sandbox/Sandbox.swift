import AddressLookupFeature
import BrandDeclarations
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import JoinFormFeature
import LiveryCore
import Logging
import NIOSSL
import OpenAPIGeneration
import ServerConnections
import ServerInputs
import ServiceLifecycle
import UnixSignals

/// The local sandbox backend: an HTTP server speaking the app's account,
/// address and app-bar contract over SQLite or PostgreSQL, for runs and
/// tests against a real server (its routes are in `Tools/Servers/Sandbox/README.md`).
///
/// ```swift
/// try await Sandbox.run(brands: [NedsBrand.load()], configuration: SandboxConfiguration(databasePath: "sandbox.sqlite"))
/// ```
public enum Sandbox {
    /// Runs the sandbox until SIGTERM or SIGINT (or cancellation): it then
    /// stops accepting connections, lets requests in flight finish for up to
    /// the configuration's `drain`, and closes the database.
    /// - Parameters:
    ///   - brands: The brands it serves.
    ///   - configuration: Where it listens, its storage, faults and limits.
    ///   - logger: Where it logs (never a password).
    ///   - onListening: Called with the bound port once the server listens.
    /// - Throws: ``SandboxSetupError`` for brands, definitions or a database that cannot be used, before anything is served.
    public static func run(
        brands: [any BrandPlugin], configuration: SandboxConfiguration,
        logger: Logger = Logger(label: "livery.sandbox"),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let built = try await build(brands: brands, configuration: configuration, logger: logger) { port in
            logger.info(
                "sandbox listening",
                metadata: [
                    "address": "\(configuration.scheme)://\(configuration.host):\(port)",
                    "database": "\(configuration.database)",
                ])
            await onListening(port)
        }
        try await built.serve(signals: [.sigterm, .sigint], drain: configuration.drain, logger: logger)
        logger.info("sandbox stopped")
    }

    /// Starts the sandbox in the background and returns once it listens:
    /// for tests and for runs that drive it from the same process.
    /// Use port `0` in the configuration for any free port.
    public static func start(
        brands: [any BrandPlugin], configuration: SandboxConfiguration,
        logger: Logger = Logger(label: "livery.sandbox")
    ) async throws -> RunningSandbox {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let built = try await build(brands: brands, configuration: configuration, logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = built.group(signals: [], drain: configuration.drain, logger: logger)
        let task = Task {
            defer { continuation.finish() }
            try await built.serve(group)
        }
        for await port in ports {
            return RunningSandbox(
                scheme: configuration.scheme, host: configuration.host, port: port, task: task, group: group)
        }
        do {
            try await task.value
        } catch {
            throw SandboxSetupError.server("\(error)")
        }
        throw SandboxSetupError.server("it stopped before listening")
    }

    /// A sandbox ready to serve: the application, its storage and, for PostgreSQL, the connection pool to keep running.
    struct Built: Sendable {
        let application: Application<RouterResponder<SandboxRequestContext>>
        let storage: any SandboxStorage
        let postgres: PostgresStorage?

        /// The services to run, in start order (they stop in reverse: the server first, the database last).
        func group(signals: [UnixSignal], drain: Duration, logger: Logger) -> ServiceGroup {
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
            if let postgres { services.append(.init(service: PostgresPool(storage: postgres))) }
            services.append(
                .init(
                    service: application, successTerminationBehavior: .gracefullyShutdownGroup,
                    failureTerminationBehavior: .gracefullyShutdownGroup))
            var configuration = ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: signals, logger: logger)
            configuration.maximumGracefulShutdownDuration = drain
            return ServiceGroup(configuration: configuration)
        }

        /// Runs `group`, then closes the database.
        func serve(_ group: ServiceGroup) async throws {
            do {
                try await group.run()
            } catch {
                await storage.close()
                throw error
            }
            await storage.close()
        }

        func serve(signals: [UnixSignal], drain: Duration, logger: Logger) async throws {
            try await serve(group(signals: signals, drain: drain, logger: logger))
        }
    }

    static func build(
        brands plugins: [any BrandPlugin], configuration: SandboxConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws -> Built {
        if let refusal = configuration.refusal { throw SandboxSetupError.server(refusal) }
        let tls: TLSConfiguration?
        do {
            tls = try configuration.tls?.configuration()
        } catch {
            throw SandboxSetupError.tls("\(error)")
        }
        let (brands, markets, addresses) = try catalogues(plugins)
        let exchanges = try configuration.exchangeRecord.map { path throws(SandboxSetupError) in
            try ExchangeFile(path: path, maxBytes: configuration.exchangeRecordLimit, logger: logger)
        }
        let (storage, postgres) = try await open(configuration.database, logger: logger)
        let metrics = SandboxMetrics()
        let contract = ContractText(brands.contractScope(markets: markets))
        let services = SandboxServices(
            brands: brands, store: storage, markets: markets, addresses: addresses,
            worlds: SandboxWorlds(
                storage: storage, limits: configuration.worlds,
                caps: configuration.worlds.caps(seedingTokens: configuration.seedingTokens.count),
                plan: configuration.faults),
            allowsWorlds: configuration.allowsSeeding,
            seeding: SeedingGate(tokens: TokenDigests(configuration.seedingTokens)),
            hasher: PasswordHasher(cost: configuration.passwordCost),
            cpu: configuration.hashingThreads > 0 ? CPUWorkPool(width: configuration.hashingThreads) : nil,
            maxBodyBytes: configuration.maxBodyBytes, logger: logger, metrics: metrics, contract: contract)
        let (router, methods) = router(
            services: services, brands: brands, configuration: configuration, metrics: metrics, exchanges: exchanges)
        let application = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                let channel = GuardedChannel(
                    HTTP1Channel(responder: responder, configuration: configuration.connections.http1),
                    limits: configuration.connections, allowedMethods: methods.allowHeader)
                guard let tls else { return channel }
                return try TLSChannel(channel, tlsConfiguration: tls)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "livery-sandbox"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        return Built(application: application, storage: storage, postgres: postgres)
    }

    /// The brands, the markets (shipped packs and the brands' own) and the addresses to serve.
    private static func catalogues(
        _ plugins: [any BrandPlugin]
    ) throws -> (SandboxBrands, MarketCatalogue, EmbeddedAddressLookupService) {
        let brands = try SandboxBrands(plugins, wallClock: RequestScope.wallClock)
        let markets: MarketCatalogue
        do {
            markets = MarketCatalogue(Array(try MarketCatalogue.shipped().markets.values) + brands.markets)
        } catch {
            throw SandboxSetupError.server("the shipped market packs: \(error)")
        }
        let addresses: EmbeddedAddressLookupService
        do {
            // The bundled index, and the addresses each market's pack ships.
            addresses = try EmbeddedAddressLookupService.bundled().adding(
                markets.codes.compactMap(markets.market(code:)).flatMap(\.addresses))
        } catch {
            throw SandboxSetupError.server("the bundled address index: \(error)")
        }
        return (brands, markets, addresses)
    }

    /// The storage on `database`, and for PostgreSQL its pool to keep running.
    private static func open(
        _ database: SandboxDatabase, logger: Logger
    ) async throws -> (any SandboxStorage, PostgresStorage?) {
        // SQLite would wait for ever on a named pipe: only a regular file (or none yet) is opened.
        var status = stat()
        if case .sqlite(let path) = database, stat(path, &status) == 0, let refusal = FileInput.refusal(ofKind: status)
        {
            throw SandboxSetupError.database(path: path, reason: refusal.description)
        }
        let storage: any SandboxStorage
        var postgres: PostgresStorage?
        do {
            switch database {
            case .sqlite(let path):
                storage = try SQLiteStorage(path: path)
            case .postgres(let location):
                let opened = try await PostgresStorage.open(location, logger: logger)
                (storage, postgres) = (opened, opened)
            }
        } catch {
            throw SandboxSetupError.database(path: database.description, reason: "\(error)")
        }
        return (storage, postgres)
    }

    /// The router and the methods each path allows: every route, behind the exchange recorder (when asked for),
    /// the request log, the access tokens (when any) and the world middleware. Every path they see is
    /// canonical: the connection's request gate refuses any other before it gets here.
    private static func router(
        services: SandboxServices, brands: SandboxBrands, configuration: SandboxConfiguration, metrics: SandboxMetrics,
        exchanges: ExchangeFile?
    ) -> (Router<SandboxRequestContext>, AllowedMethods) {
        func registerRoutes(on router: Router<SandboxRequestContext>) {
            UsernameRoutes.register(on: router, services: services)
            CreateClientRoutes.register(on: router, services: services)
            AccountRoutes.register(on: router, services: services)
            AddressRoutes.register(on: router, services: services)
            ConfigRoutes.register(on: router, services: services)
            OperationsRoutes.register(on: router, services: services)
            if configuration.allowsSeeding {
                SeedRoutes.register(on: router, services: services)
                WorldRoutes.register(on: router, services: services)
            }
        }
        // The routes once more on a router that only lists them: the table of methods per path.
        let listing = Router(context: SandboxRequestContext.self)
        registerRoutes(on: listing)
        let methods = AllowedMethods(listing)
        let router = Router(context: SandboxRequestContext.self)
        if let exchanges {
            router.add(
                middleware: ExchangeRecorder(
                    file: exchanges, passwordFields: brands.passwordFields, maxBodyBytes: configuration.maxBodyBytes))
        }
        router.add(middleware: RequestLogMiddleware(allowed: methods, metrics: metrics))
        if !configuration.accessTokens.isEmpty {
            router.add(middleware: AccessTokenMiddleware(tokens: configuration.accessTokens))
        }
        router.add(middleware: WorldMiddleware(services: services))
        registerRoutes(on: router)
        return (router, methods)
    }
}

/// The PostgreSQL connection pool as a service of the sandbox's group: it
/// stops after the server, so requests still draining keep their database.
private struct PostgresPool: Service {
    let storage: PostgresStorage

    func run() async throws {
        await cancelWhenGracefulShutdown { await storage.run() }
    }
}

/// A sandbox running in the background of this process (``Sandbox/start(brands:configuration:logger:)``).
public final class RunningSandbox: Sendable {
    /// The bound port.
    public let port: Int
    /// `http://<host>:<port>`, or `https://` when it serves TLS.
    public let baseURL: URL
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    init(scheme: String, host: String, port: Int, task: Task<Void, any Error>, group: ServiceGroup) {
        self.port = port
        self.baseURL = URL(string: "\(scheme)://\(host):\(port)")!
        self.task = task
        self.group = group
    }

    /// Stops the server as SIGTERM would (requests in flight finish within
    /// the drain time) and closes the database.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
