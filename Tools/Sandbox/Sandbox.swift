import AddressLookupFeature
import Foundation
import Hummingbird
import HummingbirdCore
import JoinFormFeature
import LiveryCore
import Logging
import ServerConnections

/// The local sandbox backend: an HTTP server speaking the app's account,
/// address and app-bar contract over SQLite, for runs and tests against a
/// real server (see the README's "Sandbox backend" section for the routes).
///
/// ```swift
/// try await Sandbox.run(brands: [NedsBrand.load()], configuration: SandboxConfiguration(databasePath: "sandbox.sqlite"))
/// ```
public enum Sandbox {
    /// Builds the Hummingbird application for `brands` (each brand's join
    /// form definition comes from its plugin's settings, as the composition
    /// root reads it). Opens and migrates the database, which closes when the
    /// application is released.
    /// - Parameter onServerRunning: Called with the bound port once the server listens.
    /// - Throws: ``SandboxSetupError`` for brands, definitions or a database that cannot be used.
    public static func application(brands: [any BrandPlugin], configuration: SandboxConfiguration, logger: Logger,
                                   onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        throws -> some ApplicationProtocol {
        try build(brands: brands, configuration: configuration, logger: logger, onServerRunning: onServerRunning).application
    }

    /// Runs the sandbox until cancelled or interrupted (SIGINT, SIGTERM), then closes the database.
    /// - Parameter onListening: Called with the bound port once the server listens.
    public static func run(brands: [any BrandPlugin], configuration: SandboxConfiguration,
                           logger: Logger = Logger(label: "livery.sandbox"),
                           onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let built = try build(brands: brands, configuration: configuration, logger: logger) { port in
            logger.info("sandbox listening", metadata: ["address": "http://\(configuration.host):\(port)"])
            await onListening(port)
        }
        defer { try? built.store.close() }
        try await built.application.runService()
    }

    /// Starts the sandbox in the background and returns once it listens:
    /// for tests and for runs that drive it from the same process.
    /// Use port `0` in the configuration for any free port.
    public static func start(brands: [any BrandPlugin], configuration: SandboxConfiguration,
                             logger: Logger = Logger(label: "livery.sandbox")) async throws -> RunningSandbox {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let built = try build(brands: brands, configuration: configuration, logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let application = built.application
        let task = Task {
            defer { continuation.finish() }
            try await application.run()
        }
        for await port in ports {
            return RunningSandbox(host: configuration.host, port: port, task: task, store: built.store)
        }
        do {
            try await task.value
        } catch {
            try? built.store.close()
            throw SandboxSetupError.server("\(error)")
        }
        try? built.store.close()
        throw SandboxSetupError.server("it stopped before listening")
    }

    static func build(brands plugins: [any BrandPlugin], configuration: SandboxConfiguration, logger: Logger,
                      onServerRunning: @escaping @Sendable (Int) async -> Void)
        throws -> (application: Application<RouterResponder<SandboxRequestContext>>, store: SandboxStore) {
        let store: SandboxStore
        let register: [SelfExcludedPerson]
        do {
            store = try SandboxStore(path: configuration.databasePath)
            // Worlds live as long as the process that made them: rows of earlier ones are no world's now.
            try store.deleteWorldsButTheDefault()
            register = try store.selfExclusionRegister(of: .standard)
        } catch {
            throw SandboxSetupError.database(path: configuration.databasePath, reason: "\(error)")
        }
        let addresses: EmbeddedAddressLookupService
        do {
            addresses = try .bundled()
        } catch {
            throw SandboxSetupError.server("the bundled address index: \(error)")
        }
        let brands = try SandboxBrands(plugins, wallClock: RequestScope.wallClock)
        let services = SandboxServices(brands: brands, store: store, addresses: addresses,
                                       worlds: SandboxWorlds(register: register, plan: configuration.faults,
                                                             limits: configuration.worlds),
                                       allowsWorlds: configuration.allowsSeeding,
                                       hasher: PasswordHasher(cost: configuration.passwordCost),
                                       cpu: configuration.hashingThreads > 0 ? CPUWorkPool(width: configuration.hashingThreads) : nil,
                                       maxBodyBytes: configuration.maxBodyBytes, logger: logger)
        func registerRoutes(on router: Router<SandboxRequestContext>) {
            UsernameRoutes.register(on: router, services: services)
            CreateClientRoutes.register(on: router, services: services)
            AccountRoutes.register(on: router, services: services)
            AddressRoutes.register(on: router, services: services)
            ConfigRoutes.register(on: router, services: services)
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
        router.add(middleware: RequestLogMiddleware(allowed: methods))
        router.add(middleware: WorldMiddleware(services: services))
        registerRoutes(on: router)
        let application = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                GuardedChannel(HTTP1Channel(responder: responder, configuration: configuration.connections.http1),
                               limits: configuration.connections, allowedMethods: methods.allowHeader)
            },
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                    serverName: "livery-sandbox"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        return (application, store)
    }
}

/// A sandbox running in the background of this process (``Sandbox/start(brands:configuration:logger:)``).
public final class RunningSandbox: Sendable {
    /// The bound port.
    public let port: Int
    /// `http://<host>:<port>`.
    public let baseURL: URL
    private let task: Task<Void, any Error>
    private let store: SandboxStore

    init(host: String, port: Int, task: Task<Void, any Error>, store: SandboxStore) {
        self.port = port
        self.baseURL = URL(string: "http://\(host):\(port)")!
        self.task = task
        self.store = store
    }

    /// Stops the server (finishing requests in flight) and closes the database.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
        try? store.close()
    }
}
