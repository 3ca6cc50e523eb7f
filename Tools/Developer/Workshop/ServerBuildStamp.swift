import Foundation

/// Whether a built `livery-server` is still newer than every source it is
/// built from, so `livery sandbox` and `livery preview` can hand over at once
/// instead of asking SwiftPM first (seconds on an idle machine, a minute while
/// another build holds the package lock).
///
/// After a build succeeds the stamp file beside the binary is written; the
/// server is up to date while the stamp is newer than `Package.swift`,
/// `Package.resolved` and every file under `Core`, `Features`, `Brands` and
/// `Tools` (build folders and hidden files aside). Any doubt (no stamp, a
/// file that cannot be read) means "build".
public struct ServerBuildStamp: Sendable {
    /// The stamp file.
    public let stamp: URL
    /// The checkout the server is built from.
    public let checkout: URL

    /// The folders and files whose changes make the server out of date.
    public static let sources = ["Package.swift", "Package.resolved", "Core", "Features", "Brands", "Tools"]

    /// The stamp beside `server`, for the checkout at `checkout`.
    public init(server: URL, checkout: URL) {
        stamp = server.deletingLastPathComponent().appendingPathComponent(server.lastPathComponent + ".built")
        self.checkout = checkout
    }

    /// Whether nothing the server is built from changed since the stamp was written.
    public var isUpToDate: Bool {
        guard let stamped = Self.modified(stamp) else { return false }
        guard let newest = newestSource() else { return false }
        return newest <= stamped
    }

    /// Records that the server was just built from the sources as they are.
    public func record() {
        try? Data().write(to: stamp)
    }

    /// The latest modification time among the sources, or `nil` when one cannot be read.
    func newestSource() -> Date? {
        var newest = Date.distantPast
        let files = FileManager.default
        for name in Self.sources {
            let root = checkout.appendingPathComponent(name)
            guard files.fileExists(atPath: root.path) else { continue }
            guard let date = Self.modified(root) else { return nil }
            newest = max(newest, date)
            guard
                let walker = files.enumerator(
                    at: root, includingPropertiesForKeys: [.contentModificationDateKey],
                    options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in walker {
                if url.lastPathComponent.hasPrefix(".build") {
                    walker.skipDescendants()
                    continue
                }
                guard let date = Self.modified(url) else { return nil }
                newest = max(newest, date)
            }
        }
        return newest
    }

    private static func modified(_ url: URL) -> Date? {
        (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
    }
}
