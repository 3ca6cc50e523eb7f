import BrandDeclarations
import Foundation

/// What a gallery's folder holds, in `gallery.json` beside its `index.html`:
/// every state with the places that reached it and its pictures, and what
/// drew them. Comparing against another revision reads the other gallery's
/// manifest to find the same states there.
public struct GalleryManifest: Codable, Sendable, Equatable {
    /// A place a state was reached: a scenario file, and the step's line, number and summary there.
    public struct Place: Codable, Sendable, Hashable, CustomStringConvertible {
        /// The scenario file's name.
        public let file: String
        /// The step's line in the file.
        public let line: Int
        /// The step's number in the file, from 1.
        public let step: Int
        /// The step as the file writes it, shortened.
        public let summary: String

        /// The place's name, `04-taken-username.yaml:12 (step 3: tap: continue)`.
        public var description: String { "\(file):\(line) (step \(step): \(summary))" }
        /// What matches the place across revisions: its file and line.
        var key: String { "\(file):\(line)" }
    }

    /// One state: a distinct screen of a brand, and its pictures by size.
    public struct Entry: Codable, Sendable, Equatable {
        /// The brand's id.
        public let brand: String
        /// The state's index among its brand's states, from 0 (its pictures' file name).
        public let number: Int
        /// The join journey's page it shows.
        public let page: String
        /// Every place that reached it, the first one its name.
        public let places: [Place]
        /// Its pictures' paths inside the gallery's folder, by size (`390x844`).
        public let pictures: [String: String]
    }

    /// A brand drawn, with the name it shows.
    public struct Brand: Codable, Sendable, Equatable {
        /// The brand's id.
        public let id: String
        /// Its display name.
        public let name: String
    }

    /// The manifest's own format; a gallery written in another is not read.
    public var format = Self.currentFormat
    /// The sizes drawn, such as `390x844`.
    public var sizes: [String]
    /// The brands drawn, in order.
    public var brands: [Brand]
    /// Every state, brand by brand.
    public var states: [Entry]
    /// What drew the pictures: the browser's version and the fonts' package, when known.
    public var drawnWith: String?

    /// The format this version writes and reads.
    public static let currentFormat = 1
    /// The manifest's file name in a gallery's folder.
    public static let fileName = "gallery.json"
    /// The largest manifest read, in bytes.
    public static let maximumSize = 32 << 20
    /// The most states read.
    public static let maximumStates = 100_000
    /// The longest text read in a manifest (a file name, a summary, a path).
    public static let maximumText = 4_096

    /// A manifest of `states` at `sizes`, drawn by `drawnWith`.
    init(sizes: [String], brands: [Brand], states: [Entry], drawnWith: String?) {
        self.sizes = sizes
        self.brands = brands
        self.states = states
        self.drawnWith = drawnWith
    }

    /// A manifest of `states`, drawn as `pictures` at `sizes`.
    init(
        states: [GalleryState], pictures: [GalleryPicture], sizes: [GallerySize], names: [String: String],
        drawnWith: String?
    ) {
        var byState: [String: [String: String]] = [:]
        for picture in pictures {
            byState["\(picture.brand)/\(picture.state)", default: [:]][picture.size.description] = picture.path
        }
        var numbers: [String: Int] = [:]
        var entries: [Entry] = []
        var brands: [Brand] = []
        for state in states {
            let number = numbers[state.brand, default: 0]
            numbers[state.brand] = number + 1
            if number == 0 { brands.append(Brand(id: state.brand, name: names[state.brand] ?? state.brand)) }
            entries.append(
                Entry(
                    brand: state.brand, number: number, page: state.page,
                    places: ([state.place] + state.alsoReachedAt).map(Place.init),
                    pictures: byState["\(state.brand)/\(number)"] ?? [:]))
        }
        self.sizes = sizes.map(\.description)
        self.brands = brands
        self.states = entries
        self.drawnWith = drawnWith
    }

    /// The manifest of the gallery in `folder`, checked: every bound held, every picture a file inside the folder.
    /// - Throws: ``GalleryError`` naming the file and what is wrong in it.
    public static func read(from folder: URL) throws(GalleryError) -> GalleryManifest {
        let file = folder.appendingPathComponent(fileName)
        func problem(_ text: String) -> GalleryError { GalleryError(description: "\(file.path): \(text)") }
        let data: Data
        do throws(FileInput.Refusal) {
            data = try FileInput.read(atPath: file.path, limit: maximumSize, kind: "gallery manifests")
        } catch {
            throw problem("\(error.description); is this a gallery's folder?")
        }
        let manifest: GalleryManifest
        do {
            manifest = try JSONDecoder().decode(GalleryManifest.self, from: data)
        } catch {
            if let format = try? JSONDecoder().decode(Format.self, from: data).format, format != currentFormat {
                throw problem("is written in format \(format); this version reads format \(currentFormat)")
            }
            throw problem("is not a gallery manifest: \(Self.reason(error))")
        }
        try manifest.check(in: folder, problem)
        return manifest
    }

    private struct Format: Decodable {
        let format: Int
    }

    /// What a decoding error says, with its place.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case .dataCorrupted(let context): return "not JSON\(path(context))"
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "a value of the wrong kind\(path(context))"
        @unknown default: return "\(error)"
        }
    }

    private func check(in folder: URL, _ problem: (String) -> GalleryError) throws(GalleryError) {
        guard format == Self.currentFormat else {
            throw problem("is written in format \(format); this version reads format \(Self.currentFormat)")
        }
        guard states.count <= Self.maximumStates else { throw problem("holds more than \(Self.maximumStates) states") }
        guard !sizes.isEmpty, sizes.count <= 8, sizes.allSatisfy({ GallerySize($0) != nil }) else {
            throw problem("its sizes are not 1 to 8 sizes such as 390x844")
        }
        guard brands.count <= 1_000, brands.allSatisfy({ Self.isText($0.id) && Self.isText($0.name) }) else {
            throw problem("its brands are not a list of ids and names")
        }
        let ids = Set(brands.map(\.id))
        for (index, state) in states.enumerated() {
            let place = "states[\(index)]"
            guard ids.contains(state.brand) else {
                throw problem("\(place): the brand '\(state.brand.prefix(40))' is not listed")
            }
            guard (0..<Self.maximumStates).contains(state.number), Self.isText(state.page) else {
                throw problem("\(place): its number or page is out of range")
            }
            guard !state.places.isEmpty, state.places.count <= Self.maximumStates,
                state.places.allSatisfy({
                    Self.isText($0.file) && Self.isText($0.summary) && (1...1_000_000).contains($0.line)
                        && (1...1_000_000).contains($0.step)
                })
            else { throw problem("\(place): its places are not files with lines and steps") }
            for (size, path) in state.pictures {
                guard sizes.contains(size) else {
                    throw problem("\(place): a picture at \(size.prefix(20)), a size not drawn")
                }
                guard Self.isInside(path) else {
                    throw problem("\(place): the picture path '\(path.prefix(80))' is not a path inside the gallery")
                }
            }
        }
    }

    /// Whether `text` is within the bound on text.
    private static func isText(_ text: String) -> Bool { !text.isEmpty && text.utf8.count <= maximumText }

    /// Whether `path` is a relative path that stays inside the gallery's folder: letters, digits, `-`, `_`,
    /// `.` and `/`, no `..`, no empty part.
    static func isInside(_ path: String) -> Bool {
        guard isText(path),
            path.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0))
            })
        else {
            return false
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

extension GalleryManifest.Place {
    init(_ place: GalleryState.Place) {
        self.init(file: place.file, line: place.step.line, step: place.step.number, summary: place.step.summary)
    }
}
