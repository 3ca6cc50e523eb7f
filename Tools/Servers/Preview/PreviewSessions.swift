import Foundation
import LiveryComposition
import LiveryCore

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
