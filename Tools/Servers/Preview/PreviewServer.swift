import BrandDeclarations
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import JoinFormFeature
import LiveryComposition
import LiveryCore
import Logging
import ServerConnections

/// Where the preview listens and what it shows.
public struct PreviewConfiguration: Sendable {
    /// The address to bind: loopback by default, so the preview is never reachable from other machines.
    public var host: String
    /// The port; `0` picks any free port.
    public var port: Int
    /// The brands with a page, by id; empty means every registered brand.
    public var brands: [String]
    /// A server (the sandbox) to run the journeys against, or `nil` for embedded services.
    public var backend: HTTPServiceConfiguration?
    /// The folder holding one scenario folder per brand, where recordings are saved.
    public var scenarioFolder: URL
    /// When idle, slow or surplus connections are closed (the sandbox's limits).
    public var connections: ConnectionLimits
    /// Origins besides the preview's own whose pages may use it, e.g.
    /// `http://studio.example:3000` (see ``OriginPolicy``).
    public var allowedOrigins: [String]
    /// The folder of brand folders whose `<Name>/Plugin/brand.json` the brand
    /// studio edits and saves (a checkout's `Brands`); `nil` turns the studio off.
    public var brandFiles: URL?
    /// Still pictures to serve at `/still/<brand>`: a brand's page drawn once
    /// from a screen made in advance, with no session (for screenshots).
    var stills: [String: String] = [:]

    /// A configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8090, brands: [String] = [], backend: HTTPServiceConfiguration? = nil,
        scenarioFolder: URL, connections: ConnectionLimits = ConnectionLimits(), allowedOrigins: [String] = [],
        brandFiles: URL? = nil
    ) {
        self.brandFiles = brandFiles
        self.host = host
        self.port = port
        self.brands = brands
        self.backend = backend
        self.scenarioFolder = scenarioFolder
        self.connections = connections
        self.allowedOrigins = allowedOrigins
    }
}

/// Why the preview cannot start, naming what is wrong.
public struct PreviewSetupError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
}

/// `livery preview`: a web page per brand drawn from the states its engines
/// publish, driven from the browser over a WebSocket. Every runtime is
/// assembled through the composition root and driven through the
/// main-actor stores, as an app's head would.
///
/// Pages: `/` (the brands), `/brand/<id>` (one brand), `/compare` (every
/// brand side by side, one set of actions driving all), `/brand/<id>/theme.css`
/// (the brand's design tokens as CSS custom properties). The page's socket
/// is `/ws?brand=<id>`; `/api/sessions/<id>` answers the screen a session
/// shows, for the unguessable id only its page is told.
///
/// Only the preview's own pages may use it: a request from a page of another
/// origin (a site the developer happens to have open) is refused 403 before
/// any socket is upgraded (``OriginPolicy``). Connections are held to
/// ``ConnectionLimits``, and a session ends with its socket, however it closes.
public enum Preview {
    /// Serves until cancelled or interrupted; `onListening` gets the bound port.
    public static func run(
        composition: Composition, configuration: PreviewConfiguration,
        logger: Logger = Logger(label: "livery.preview"),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        try await application(
            composition: composition, configuration: configuration, logger: logger,
            onListening: onListening
        ).runService()
    }

    /// The Hummingbird application of the preview.
    /// - Throws: ``PreviewSetupError`` for an unknown brand or missing page assets.
    public static func application(
        composition: Composition, configuration: PreviewConfiguration, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try application(
            composition: composition, configuration: configuration, logger: logger, sessions: PreviewSessions(),
            onListening: onListening)
    }

    /// The application, keeping its sessions in `sessions`.
    static func application(
        composition: Composition, configuration: PreviewConfiguration, logger: Logger,
        sessions: PreviewSessions,
        onListening: @escaping @Sendable (Int) async -> Void
    ) throws -> some ApplicationProtocol {
        let brands = try shownBrands(composition: composition, configuration.brands)
        let assets = try PreviewAssets.load()
        let origins = try OriginPolicy(host: configuration.host, allowing: configuration.allowedOrigins)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.get("/") { _, _ in assets.response("index.html") }
        router.get("/compare") { _, _ in assets.response("compare.html") }
        router.get("/assets/{file}") { _, context in
            assets.response(try context.parameters.require("file"))
        }
        router.get("/api/brands") { _, _ in
            json(brands.map { ["id": $0.id.rawValue, "name": $0.displayName, "region": $0.region.code] })
        }
        router.get("/brand/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let manifest = brands.first(where: { $0.id.rawValue == id }) else { return unknownBrand(id, brands) }
            return assets.page(
                "brand.html", inserting: Self.linksScript + Self.nameScript(manifest),
                before: "<script src=\"/assets/preview.js\">")
        }
        router.get("/still/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let screen = configuration.stills[id], let plugin = try? composition.registry.plugin(named: id) else {
                return unknownBrand(id, brands)
            }
            return assets.page(
                "brand.html",
                inserting: Self.linksScript + Self.nameScript(plugin.manifest) + "<script>window.liveryStill = "
                    + screen.replacingOccurrences(of: "</", with: "<\\/") + ";</script>\n",
                before: "<script src=\"/assets/preview.js\">")
        }
        router.get("/still/{id}/theme.css") { _, context in
            let id = try context.parameters.require("id")
            guard let plugin = try? composition.registry.plugin(named: id),
                let css = try? ThemeStyle.css(for: plugin.theme)
            else {
                return unknownBrand(id, brands)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: css)))
        }
        router.get("/brand/{id}/theme.css") { _, context in
            let id = try context.parameters.require("id")
            guard brands.contains(where: { $0.id.rawValue == id }),
                let plugin = try? composition.registry.plugin(named: id),
                let css = try? ThemeStyle.css(for: plugin.theme)
            else { return unknownBrand(id, brands) }
            return Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: css)))
        }
        router.get("/api/sessions/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let screen = await sessions.screen(of: id) else {
                return Response(
                    status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no session \(id)")))
            }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: screen)))
        }
        let sockets = Router(context: BasicWebSocketRequestContext.self)
        sockets.ws("/ws") { request, _ in
            let id = request.uri.queryParameters["brand"].map(String.init) ?? ""
            return brands.contains { $0.id.rawValue == id } ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, context in
            let brand = context.request.uri.queryParameters["brand"].map(String.init) ?? ""
            let session: PreviewSession
            do {
                session = try await sessions.open(
                    brand: brand, composition: composition, backend: configuration.backend,
                    scenarioFolder: configuration.scenarioFolder, brandFiles: configuration.brandFiles)
            } catch {
                try await outbound.write(.text(errorMessage("\(brand) could not start: \(error)")))
                return
            }
            // The session ends with its socket: closed, reset by the peer, or failed on a write.
            do {
                try await converse(session, inbound: inbound, outbound: outbound)
            } catch {
                await sessions.close(session.id)
                throw error
            }
            await sessions.close(session.id)
        }
        let webSockets = sockets.buildResponder()
        let limits = configuration.connections
        let http = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: limits.http1,
            ws: WebSocketServerConfiguration(
                maxFrameSize: PreviewMessage.maximumSize,
                autoPing: .enabled(timePeriod: .seconds(15))))
        return Application(
            router: router,
            server: HTTPServerBuilder { responder in
                GuardedChannel(
                    HTTP1WebSocketUpgradeChannel(
                        responder: responder, webSocketResponder: webSockets, configuration: http),
                    limits: limits, allowedMethods: "GET", check: origins.check)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "livery-preview"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                origins.served(on: port)
                await onListening(port)
            },
            logger: logger)
    }

    /// Applies the page's messages to `session` and sends it every screen, until either side ends.
    private static func converse(
        _ session: PreviewSession, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await screen in session.screens { try await outbound.write(.text(screen)) }
            }
            for try await message in inbound.messages(maxSize: PreviewMessage.maximumSize) {
                guard case .text(let text) = message else {
                    try await outbound.write(.text(errorMessage("send text messages (JSON)")))
                    continue
                }
                if let problem = await session.handle(text) { try await outbound.write(.text(errorMessage(problem))) }
            }
            group.cancelAll()
        }
    }

    /// The manifests of the brands to show, in the order given.
    static func shownBrands(composition: Composition, _ names: [String]) throws -> [BrandManifest] {
        guard !names.isEmpty else { return composition.registry.manifests }
        return try names.map { name in
            do {
                return try composition.registry.plugin(named: name).manifest
            } catch {
                throw PreviewSetupError(description: "\(error)")
            }
        }
    }

    static func errorMessage(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(["type": "error", "message": text])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The join form's links as the engine lists them (`JoinLink`), for the page to draw: ids and titles.
    static let linksScript: String = {
        let links = JoinLink.allCases.map { ["id": $0.rawValue, "title": $0.title] }
        let data = (try? JSONSerialization.data(withJSONObject: links, options: [.sortedKeys])) ?? Data("[]".utf8)
        return "<script>window.liveryLinks = " + String(decoding: data, as: UTF8.self) + ";</script>\n"
    }()

    /// The brand's display name, for the page to name its logo with.
    static func nameScript(_ manifest: BrandManifest) -> String {
        let data = (try? JSONEncoder().encode(manifest.displayName)) ?? Data("\"\"".utf8)
        return "<script>window.liveryBrandName = "
            + String(decoding: data, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/") + ";</script>\n"
    }

    private static func json(_ value: some Encodable) -> Response {
        let data = (try? JSONEncoder().encode(value)) ?? Data("[]".utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func unknownBrand(_ id: String, _ brands: [BrandManifest]) -> Response {
        let known = brands.map(\.id.rawValue)
        let hint = NameSuggestion.closest(to: id, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        let text = "unknown brand '\(id)'\(hint); known brands: \(known.joined(separator: ", "))"
        return Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The open sessions, by id. An id is 128 random bits, told only to the page
/// whose socket opened the session, so no other client can guess one.
@MainActor
final class PreviewSessions: Sendable {
    private var sessions: [String: PreviewSession] = [:]
    private let onClose: @Sendable () -> Void

    /// No sessions yet; `onClose` is told each time one ends (for tests).
    nonisolated init(onClose: @escaping @Sendable () -> Void = {}) {
        self.onClose = onClose
    }

    func open(
        brand: String, composition: Composition, backend: HTTPServiceConfiguration?,
        scenarioFolder: URL, brandFiles: URL? = nil
    ) async throws -> PreviewSession {
        let session = try await PreviewSession.open(
            id: Self.unguessableID(), brand: brand, composition: composition,
            backend: backend, scenarioFolder: scenarioFolder, brandFiles: brandFiles)
        // A brand file saved from one page is news to every other page editing it.
        session.onBrandSaved = { [weak self] saver in
            guard let self else { return }
            for other in self.sessions.values where other.id != saver.id && other.brand == saver.brand {
                other.brandFileChanged()
            }
        }
        sessions[session.id] = session
        return session
    }

    /// How many sessions are open.
    var count: Int { sessions.count }

    /// 32 hexadecimal digits from the system's secure random source.
    static func unguessableID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    func close(_ id: String) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        session.close()
        onClose()
    }

    func screen(of id: String) -> String? {
        sessions[id].map { $0.screen.message() }
    }
}

/// The page's files, read once from the module's resources.
struct PreviewAssets: Sendable {
    let files: [String: Data]

    static let names = ["index.html", "brand.html", "compare.html", "preview.js", "studio.js", "preview.css"]

    static func load() throws -> PreviewAssets {
        var files: [String: Data] = [:]
        for name in names {
            let parts = name.split(separator: ".")
            guard
                let url = Bundle.module.url(
                    forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Resources")
                    ?? Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1])),
                let data = try? Data(contentsOf: url)
            else {
                throw PreviewSetupError(description: "the preview's \(name) is missing from its resources")
            }
            files[name] = data
        }
        return PreviewAssets(files: files)
    }

    /// The page `name` with `insertion` put before the first `marker`.
    func page(_ name: String, inserting insertion: String, before marker: String) -> Response {
        guard let data = files[name], var text = String(data: data, encoding: .utf8), let range = text.range(of: marker)
        else {
            return response(name)
        }
        text.insert(contentsOf: insertion, at: range.lowerBound)
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    func response(_ name: String) -> Response {
        guard let data = files[name] else {
            return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no such file")))
        }
        let type =
            switch name.split(separator: ".").last {
            case "js": "text/javascript; charset=utf-8"
            case "css": "text/css; charset=utf-8"
            default: "text/html; charset=utf-8"
            }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
