import Foundation
import LiveryComposition
import LiveryScenarios

/// `livery gallery`: every brand's screens, as their scenario files reach
/// them, drawn at each size into a folder with an `index.html`.
public enum Gallery {
    /// What a gallery holds once written.
    public struct Made: Sendable {
        /// The distinct screens drawn.
        public let states: Int
        /// The pictures written (screens × sizes).
        public let pictures: Int
        /// What changed against the earlier gallery, when one was given.
        public let comparison: GalleryComparison?
    }

    /// What a gallery is compared against.
    public enum Baseline: Sendable {
        /// Another revision of the checkout, drawn by its own build (kept per commit).
        case revision(GalleryRevision)
        /// A gallery drawn earlier, in this folder.
        case folder(URL)
    }

    /// Plays `brands`' scenario files (`scenarios` gives each brand's), draws every distinct screen at `sizes`
    /// and writes the pictures, `index.html` and `gallery.json` to `output`, which is replaced whole at the end:
    /// nothing is half-written, and a failure leaves it as it was. With a `baseline`, the same states are drawn
    /// there first and each picture compared with its earlier one. `progress` hears of each step.
    /// - Throws: ``GalleryError`` for an `output` that is not a writable folder (or holds other files), a
    ///   brand without scenario files, a file that does not play, a baseline that cannot be drawn or read, or
    ///   Chromium missing or failing.
    @MainActor
    public static func make(
        brands: [String], sizes: [GallerySize], composition: Composition, scenarios: (String) -> [String],
        output: URL, against baseline: Baseline? = nil, everyBrand: Bool = false,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(GalleryError) -> Made {
        let staging = try prepare(output)
        do throws(GalleryError) {
            let earlier: (folder: URL, label: String)?
            switch baseline {
            case .revision(let revision):
                let folder = try await revision.gallery(
                    brands: everyBrand ? nil : brands, sizes: sizes, progress: progress)
                earlier = (folder, revision.label)
            case .folder(let folder): earlier = (folder, folder.path)
            case nil: earlier = nil
            }
            let earlierManifest = try earlier.map { earlier throws(GalleryError) in
                try GalleryManifest.read(from: earlier.folder)
            }
            let runner = ScenarioRunner(composition: composition)
            var states: [GalleryState] = []
            var names: [String: String] = [:]
            for brand in brands {
                let files = scenarios(brand)
                guard !files.isEmpty else { throw GalleryError(description: "\(brand) has no scenario files to play") }
                let found = try await GalleryState.collect(brand: brand, files: files, runner: runner)
                progress("\(brand): \(found.count) screens from \(files.count) scenario files")
                names[brand] = try? composition.registry.plugin(named: brand).manifest.displayName
                states += found
            }
            let drawing = try await GalleryState.draw(
                states, sizes: sizes, composition: composition, into: staging
            ) { drawn, total in
                if drawn == total || drawn.isMultiple(of: 50) { progress("drawn \(drawn) of \(total) pictures") }
            }
            let manifest = GalleryManifest(
                states: states, pictures: drawing.pictures, sizes: sizes, names: names, drawnWith: drawing.drawnWith)
            var comparison: GalleryComparison?
            if let earlier, let earlierManifest {
                comparison = try await GalleryComparison.compare(
                    earlier: earlierManifest, in: earlier.folder, with: manifest, in: staging, against: earlier.label
                ) { compared, total in
                    if compared == total || compared.isMultiple(of: 100) {
                        progress("compared \(compared) of \(total) screens with \(earlier.label)")
                    }
                }
            }
            try write(GalleryPage.html(manifest: manifest, comparison: comparison), to: "index.html", in: staging)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let json: Data
            do {
                json = try encoder.encode(manifest)
            } catch {
                throw GalleryError(description: "\(GalleryManifest.fileName) could not be written: \(error)")
            }
            try write(String(decoding: json, as: UTF8.self), to: GalleryManifest.fileName, in: staging)
            try replace(output, with: staging)
            return Made(states: states.count, pictures: drawing.pictures.count, comparison: comparison)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private static func write(_ text: String, to name: String, in folder: URL) throws(GalleryError) {
        do {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        } catch {
            throw GalleryError(description: "\(folder.path): \(name) could not be written: \(error)")
        }
    }

    /// A new folder beside `output` to draw into, after checking that `output` may be written: missing, an
    /// empty folder or an earlier gallery (its `index.html`), in a folder that can be written.
    private static func prepare(_ output: URL) throws(GalleryError) -> URL {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: output.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw GalleryError(description: "--out \(output.path) is a file, not a folder")
            }
            let held = (try? manager.contentsOfDirectory(atPath: output.path)) ?? []
            guard held.isEmpty || held.contains("index.html") else {
                throw GalleryError(
                    description:
                        "--out \(output.path) holds other files (no earlier gallery's index.html): give an empty or new folder"
                )
            }
        }
        let parent = output.deletingLastPathComponent()
        guard manager.fileExists(atPath: parent.path) else {
            throw GalleryError(description: "--out \(output.path): the folder \(parent.path) does not exist")
        }
        guard manager.isWritableFile(atPath: parent.path) else {
            throw GalleryError(description: "--out \(output.path): the folder \(parent.path) cannot be written")
        }
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).drawing-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw GalleryError(description: "--out \(output.path): \(error.localizedDescription)")
        }
        return staging
    }

    /// `output` replaced by `staging`: an earlier gallery there is moved aside, then removed.
    private static func replace(_ output: URL, with staging: URL) throws(GalleryError) {
        let manager = FileManager.default
        let earlier = staging.deletingLastPathComponent().appendingPathComponent(
            ".\(output.lastPathComponent).earlier-\(UUID().uuidString)")
        do {
            if manager.fileExists(atPath: output.path) { try manager.moveItem(at: output, to: earlier) }
            try manager.moveItem(at: staging, to: output)
        } catch {
            if manager.fileExists(atPath: earlier.path), !manager.fileExists(atPath: output.path) {
                try? manager.moveItem(at: earlier, to: output)
            }
            throw GalleryError(description: "--out \(output.path) could not be replaced: \(error.localizedDescription)")
        }
        try? manager.removeItem(at: earlier)
    }
}
