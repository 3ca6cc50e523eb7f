import Foundation
import LiveryConsole

/// Another revision of the checkout, drawn to compare against (`--against REV`):
/// checked out in a git worktree and built there once per commit, its
/// galleries kept per brands and sizes, all under
/// `.build/gallery-revisions/<commit>/` of the checkout.
public struct GalleryRevision: Sendable {
    /// The revision as it was asked for, such as `main` or `HEAD~1`.
    public let name: String
    /// The commit it names, in full.
    public let commit: String
    /// The checkout it belongs to.
    public let checkout: URL

    /// The longest revision name read.
    static let maximumName = 256

    /// `name` resolved to a commit in the git repository at `checkout`.
    /// - Throws: ``GalleryError`` for a name that is not a revision there (or no git repository).
    public static func resolve(_ name: String, in checkout: URL) throws(GalleryError) -> GalleryRevision {
        guard !name.isEmpty, name.utf8.count <= maximumName, !name.hasPrefix("-"),
            name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else {
            throw GalleryError(
                description: "--against '\(name.prefix(40))' is not a revision: give a branch, a tag or a commit")
        }
        let found = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(name)^{commit}"], in: checkout)
        guard found.succeeded else {
            throw GalleryError(description: "--against \(name): no such revision in \(checkout.path)")
        }
        let commit = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard commit.count == 40 || commit.count == 64, commit.allSatisfy(\.isHexDigit) else {
            throw GalleryError(description: "--against \(name): git named no commit (\(commit.prefix(80)))")
        }
        return GalleryRevision(name: name, commit: commit, checkout: checkout)
    }

    /// The revision's name and short commit, `main (1a2b3c4d)`.
    public var label: String {
        name.hasPrefix(commit.prefix(7)) ? String(commit.prefix(12)) : "\(name) (\(commit.prefix(12)))"
    }

    /// Where the revision's worktree, build and galleries are kept.
    var folder: URL { checkout.appendingPathComponent(".build/gallery-revisions/\(commit)") }

    /// The revision's gallery of `brands` (every brand it has, when `nil`) at `sizes`: drawn by its own
    /// `livery-server gallery` from its own scenario files, built first if this commit was not built before,
    /// and kept, so asking again draws nothing. `progress` hears what is being done.
    /// - Throws: ``GalleryError`` when the revision cannot be checked out, does not build, or cannot draw
    ///   (it predates the gallery, or lacks a brand asked for).
    public func gallery(
        brands: [String]?, sizes: [GallerySize], progress: @Sendable (String) -> Void
    ) async throws(GalleryError) -> URL {
        let key = ((brands ?? ["every-brand"]) + sizes.map(\.description)).joined(separator: "_")
            .map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        let drawn = folder.appendingPathComponent("galleries/\(String(key.prefix(200)))")
        if FileManager.default.fileExists(atPath: drawn.appendingPathComponent(GalleryManifest.fileName).path) {
            progress("\(label): its gallery was drawn before (\(drawn.path))")
            return drawn
        }
        let server = try await build(progress: progress)
        progress("\(label): drawing its gallery")
        do {
            try FileManager.default.createDirectory(
                at: drawn.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw GalleryError(description: "\(drawn.deletingLastPathComponent().path) cannot be made: \(error)")
        }
        var arguments = [
            server.path, "gallery", "--out", drawn.path, "--sizes", sizes.map(\.description).joined(separator: ","),
        ]
        if let brands { arguments += ["--brands", brands.joined(separator: ",")] }
        let source = folder.appendingPathComponent("source")
        let run: ChildProcess
        do {
            run = try await ChildProcess.running(
                arguments, in: source, output: .inherited, errors: .captured, limit: .seconds(3_600))
        } catch {
            throw GalleryError(description: "\(label): its livery-server could not start: \(error)")
        }
        guard run.succeeded else {
            let said = run.errors.trimmingCharacters(in: .whitespacesAndNewlines).suffix(600)
            let predates = said.contains("Unknown subcommand") || said.contains("unknown subcommand")
            throw GalleryError(
                description: predates
                    ? "\(label) has no gallery to draw: it predates `livery gallery`"
                    : "\(label) could not draw its gallery (exit \(run.status)): \(said)")
        }
        guard FileManager.default.fileExists(atPath: drawn.appendingPathComponent(GalleryManifest.fileName).path) else {
            throw GalleryError(
                description:
                    "\(label) drew a gallery without \(GalleryManifest.fileName): it predates comparing galleries")
        }
        return drawn
    }

    /// The revision's `livery-server`, built in its worktree unless it was built before.
    private func build(progress: @Sendable (String) -> Void) async throws(GalleryError) -> URL {
        let source = folder.appendingPathComponent("source")
        let scratch = folder.appendingPathComponent("build")
        let server = scratch.appendingPathComponent("debug/livery-server")
        let built = folder.appendingPathComponent("built")
        if FileManager.default.fileExists(atPath: built.path), FileManager.default.isExecutableFile(atPath: server.path)
        {
            return server
        }
        if !FileManager.default.fileExists(atPath: source.appendingPathComponent("Package.swift").path) {
            progress("\(label): checking it out in \(source.path)")
            try? FileManager.default.removeItem(at: source)
            _ = try? Self.git(["worktree", "prune"], in: checkout)
            let added = try Self.git(["worktree", "add", "--detach", "--force", source.path, commit], in: checkout)
            guard added.succeeded else {
                throw GalleryError(
                    description:
                        "\(label) could not be checked out: \(added.errors.trimmingCharacters(in: .whitespacesAndNewlines).suffix(400))"
                )
            }
        }
        progress("\(label): building its livery-server (the first build of a commit takes minutes; later ones none)")
        let run: ChildProcess
        do {
            run = try await ChildProcess.running(
                [
                    "swift", "build", "--product", "livery-server", "--package-path", source.path, "--scratch-path",
                    scratch.path,
                ],
                in: source, output: .captured, errors: .captured, limit: .seconds(3_600), attempts: 3)
        } catch {
            throw GalleryError(description: "\(label) could not be built: \(error)")
        }
        guard run.succeeded else {
            let said = (run.output + run.errors).split(separator: "\n").filter { $0.contains("error") }.prefix(5)
            throw GalleryError(
                description:
                    "\(label) does not build (swift build exit \(run.status)\(run.timedOut ? ", stopped after an hour" : "")): "
                    + (said.isEmpty ? String((run.output + run.errors).suffix(400)) : said.joined(separator: "\n")))
        }
        _ = FileManager.default.createFile(atPath: built.path, contents: Data(commit.utf8))
        return server
    }

    private static func git(_ arguments: [String], in checkout: URL) throws(GalleryError) -> ChildProcess {
        do {
            return try ChildProcess.run(["git", "-C", checkout.path] + arguments, limit: .seconds(120))
        } catch {
            throw GalleryError(description: "git could not run: \(error)")
        }
    }
}
