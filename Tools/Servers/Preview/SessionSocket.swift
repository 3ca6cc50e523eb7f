import Foundation
import Hummingbird
import HummingbirdWebSocket
import LiveryComposition
import LiveryCore

/// The page's socket, `/ws?brand=<id>`: a session of the brand opens with
/// it, takes the page's messages and sends every screen, and ends with it.
struct SessionSocket: Sendable {
    let brands: [BrandManifest]
    let composition: Composition
    let configuration: PreviewConfiguration

    func register(on sockets: Router<BasicWebSocketRequestContext>, sessions: PreviewSessions) {
        let (brands, composition, configuration) = (brands, composition, configuration)
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
                try await outbound.write(.text(Preview.errorMessage("\(brand) could not start: \(error)")))
                return
            }
            // The session ends with its socket: closed, reset by the peer, or failed on a write.
            do {
                try await Self.converse(session, inbound: inbound, outbound: outbound)
            } catch {
                await sessions.close(session.id)
                throw error
            }
            await sessions.close(session.id)
        }
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
                    try await outbound.write(.text(Preview.errorMessage("send text messages (JSON)")))
                    continue
                }
                if let problem = await session.handle(text) {
                    try await outbound.write(.text(Preview.errorMessage(problem)))
                }
            }
            group.cancelAll()
        }
    }
}
