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
/// any socket is upgraded (`OriginPolicy`). Connections are held to
/// `ConnectionLimits`, and a session ends with its socket, however it closes.
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
        PageRoutes(brands: brands, assets: assets, composition: composition, stills: configuration.stills)
            .register(on: router, sessions: sessions)
        let sockets = Router(context: BasicWebSocketRequestContext.self)
        SessionSocket(brands: brands, composition: composition, configuration: configuration)
            .register(on: sockets, sessions: sessions)
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
}
