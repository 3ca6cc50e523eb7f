import BrandDeclarations
import Foundation
import LiveryScenarios

/// What changed between an earlier gallery (another revision's) and this one:
/// each state found in both with its changed-pixel share at each size, most
/// changed first, and the states that appeared or vanished.
public struct GalleryComparison: Sendable {
    /// One state found in both galleries.
    public struct Change: Sendable {
        /// The state as this gallery has it.
        public let state: GalleryManifest.Entry
        /// How its picture at each size drawn in both differs.
        public let sizes: [SizeChange]

        /// Its largest changed-pixel share over the sizes, from 0 to 100.
        public var percent: Double { sizes.map(\.changedPercent).max() ?? 0 }
    }

    /// A state's two pictures at one size.
    public struct SizeChange: Sendable {
        /// The size, such as `390x844`.
        public let size: String
        /// Pixels whose colour differs.
        public let changedPixels: Int
        /// Pixels compared.
        public let pixels: Int
        /// The earlier picture, copied into this gallery's folder, when the pictures differ.
        public let beforePath: String?
        /// The highlighted difference in this gallery's folder, when the pictures differ.
        public let differencePath: String?

        /// The changed pixels' share of all, from 0 to 100.
        public var changedPercent: Double { pixels == 0 ? 0 : Double(changedPixels) * 100 / Double(pixels) }
    }

    /// What was compared against: the revision as given and its commit, or the folder.
    public let against: String
    /// Every state found in both, most changed first (then in brand and state order).
    public let changes: [Change]
    /// States only this gallery has.
    public let appeared: [GalleryManifest.Entry]
    /// States only the earlier gallery has, with their pictures copied into this gallery's folder.
    public let vanished: [GalleryManifest.Entry]
    /// Set when the two galleries were drawn by different browsers or fonts: pixels may differ for that alone.
    public let drawnDifferently: String?

    /// `12.50%`, or `< 0.01%` for a change too small to show in two decimals.
    public static func percent(_ value: Double) -> String {
        value > 0 && value < 0.01 ? "< 0.01%" : String(format: "%.2f%%", value)
    }

    /// The states that changed more than `percent` (appeared and vanished ones count as wholly changed).
    public func exceeding(_ percent: Double) -> Int {
        changes.count { $0.percent > percent } + (percent < 100 ? appeared.count + vanished.count : 0)
    }

    /// A JUnit document: a suite per brand, a test case per screen (compared, appeared or vanished), failed when
    /// it changed more than `threshold` percent; without a threshold nothing fails and each case says its share.
    public func junit(threshold: Double?) -> String {
        struct Case {
            let brand: String
            let name: String
            let percent: Double
            let detail: String
        }
        var cases: [Case] = changes.map { change in
            Case(
                brand: change.state.brand, name: change.state.places[0].description, percent: change.percent,
                detail: change.sizes.map { "\($0.size): \(Self.percent($0.changedPercent)) of the pixels changed" }
                    .joined(separator: "\n"))
        }
        cases += appeared.map {
            Case(brand: $0.brand, name: $0.places[0].description, percent: 100, detail: "appeared: not in \(against)")
        }
        cases += vanished.map {
            Case(brand: $0.brand, name: $0.places[0].description, percent: 100, detail: "vanished: only in \(against)")
        }
        let brands = cases.reduce(into: [String]()) { if !$0.contains($1.brand) { $0.append($1.brand) } }
        func failed(_ item: Case) -> Bool { threshold.map { item.percent > $0 } ?? false }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\(JUnitReport.attribute("livery gallery --against \(against)")) tests=\"\(cases.count)\" "
                + "failures=\"\(cases.count(where: failed))\" errors=\"0\">",
        ]
        for brand in brands {
            let mine = cases.filter { $0.brand == brand }
            lines.append(
                "  <testsuite name=\(JUnitReport.attribute(brand)) tests=\"\(mine.count)\" "
                    + "failures=\"\(mine.count(where: failed))\" errors=\"0\" skipped=\"0\">")
            for item in mine {
                lines.append(
                    "    <testcase classname=\(JUnitReport.attribute(brand)) name=\(JUnitReport.attribute(item.name))>")
                if failed(item) {
                    let message = "changed \(Self.percent(item.percent)), more than \(Self.percent(threshold ?? 0))"
                    lines.append(
                        "      <failure message=\(JUnitReport.attribute(message)) type=\"picture\">\(JUnitReport.text(item.detail))</failure>"
                    )
                } else {
                    lines.append("      <system-out>\(JUnitReport.text(item.detail))</system-out>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Compares the earlier gallery in `earlierFolder` with `current`, whose pictures are in `folder`: pictures
    /// that are not the same bytes are compared pixel by pixel in the browser, and for those that differ the
    /// earlier picture and a highlighted difference are written into `folder` (`before/…`, `difference/…`), as
    /// are vanished states' pictures (`vanished/…`), so the page needs only its own folder.
    /// - Throws: ``GalleryError`` naming a picture that is missing or cannot be read or written, or a browser
    ///   failure.
    @MainActor
    static func compare(
        earlier: GalleryManifest, in earlierFolder: URL, with current: GalleryManifest, in folder: URL,
        against: String, progress: (_ compared: Int, _ of: Int) -> Void = { _, _ in }
    ) async throws(GalleryError) -> GalleryComparison {
        let matched = match(earlier.states, current.states)
        var browser: Chromium?
        var changes: [Change] = []
        do throws(GalleryError) {
            for (index, (before, after)) in matched.pairs.enumerated() {
                var sizes: [SizeChange] = []
                for size in current.sizes {
                    guard let afterPath = after.pictures[size], let beforePath = before.pictures[size] else { continue }
                    let old = try picture(beforePath, in: earlierFolder)
                    let new = try picture(afterPath, in: folder)
                    if old == new {
                        sizes.append(
                            SizeChange(
                                size: size, changedPixels: 0, pixels: pixelCount(new), beforePath: nil,
                                differencePath: nil))
                        continue
                    }
                    if browser == nil { browser = try await Chromium() }
                    let difference = try await browser!.difference(old, new)
                    guard difference.changedPixels > 0 else {
                        sizes.append(
                            SizeChange(
                                size: size, changedPixels: 0, pixels: difference.pixels, beforePath: nil,
                                differencePath: nil))
                        continue
                    }
                    let name = "\(after.brand)/\(size)/\(String(format: "%03d", after.number)).png"
                    try write(old, to: "before/\(name)", in: folder)
                    try write(difference.highlight, to: "difference/\(name)", in: folder)
                    sizes.append(
                        SizeChange(
                            size: size, changedPixels: difference.changedPixels, pixels: difference.pixels,
                            beforePath: "before/\(name)",
                            differencePath: "difference/\(name)"))
                }
                changes.append(Change(state: after, sizes: sizes))
                progress(index + 1, matched.pairs.count)
            }
            for state in matched.vanished {
                for (size, path) in state.pictures {
                    try write(
                        try picture(path, in: earlierFolder),
                        to: "vanished/\(state.brand)/\(size)/\(String(format: "%03d", state.number)).png", in: folder)
                }
            }
        } catch {
            await browser?.close()
            throw error
        }
        await browser?.close()
        let order = Dictionary(current.states.enumerated().map { ("\($1.brand)/\($1.number)", $0) }) { first, _ in first
        }
        changes.sort {
            $0.percent != $1.percent
                ? $0.percent > $1.percent
                : order["\($0.state.brand)/\($0.state.number)", default: 0]
                    < order["\($1.state.brand)/\($1.state.number)", default: 0]
        }
        let drawnDifferently =
            earlier.drawnWith != current.drawnWith
            ? "the earlier gallery was drawn with \(earlier.drawnWith ?? "an unknown browser"), this one with \(current.drawnWith ?? "an unknown browser"): some pixels may differ for that alone"
            : nil
        return GalleryComparison(
            against: against, changes: changes, appeared: matched.appeared,
            vanished: matched.vanished.map { state in
                GalleryManifest.Entry(
                    brand: state.brand, number: state.number, page: state.page, places: state.places,
                    pictures: Dictionary(
                        uniqueKeysWithValues: state.pictures.keys.map {
                            ($0, "vanished/\(state.brand)/\($0)/\(String(format: "%03d", state.number)).png")
                        }))
            }, drawnDifferently: drawnDifferently)
    }

    /// The states of `earlier` and `current` that are the same state: of one brand, and reached at the same
    /// place (a scenario file's line), the first place of either first. What is left appeared or vanished.
    static func match(_ earlier: [GalleryManifest.Entry], _ current: [GalleryManifest.Entry]) -> (
        pairs: [(GalleryManifest.Entry, GalleryManifest.Entry)], appeared: [GalleryManifest.Entry],
        vanished: [GalleryManifest.Entry]
    ) {
        var left = earlier
        var pairs: [(GalleryManifest.Entry, GalleryManifest.Entry)] = []
        var appeared: [GalleryManifest.Entry] = []
        for state in current {
            let keys = Set(state.places.map(\.key))
            let name = state.places[0].key
            let found =
                left.firstIndex { $0.brand == state.brand && $0.places.contains { $0.key == name } }
                ?? left.firstIndex { $0.brand == state.brand && keys.contains($0.places[0].key) }
                ?? left.firstIndex { $0.brand == state.brand && $0.places.contains { keys.contains($0.key) } }
            if let found {
                pairs.append((left.remove(at: found), state))
            } else {
                appeared.append(state)
            }
        }
        return (pairs, appeared, left)
    }

    /// The pixels of a PNG, by the width and height its header gives (0 for a file that is not one).
    static func pixelCount(_ png: Data) -> Int {
        func word(at offset: Int) -> Int {
            guard png.count >= offset + 4 else { return 0 }
            // A side is at most 2^31 - 1 by the format; more than the drawn sides is not a gallery's picture.
            return min(
                png[png.startIndex + offset..<png.startIndex + offset + 4].reduce(0) { $0 << 8 | Int($1) }, 1 << 20)
        }
        return word(at: 16) * word(at: 20)
    }

    /// The largest picture read, in bytes.
    static let maximumPicture = 64 << 20

    /// The regular file at `path` in `folder`, read whole if within ``maximumPicture``.
    private static func picture(_ path: String, in folder: URL) throws(GalleryError) -> Data {
        let file = folder.appendingPathComponent(path)
        do throws(FileInput.Refusal) {
            return try FileInput.read(atPath: file.path, limit: maximumPicture, kind: "pictures")
        } catch {
            throw GalleryError(description: "\(file.path): the picture \(error.description)")
        }
    }

    private static func write(_ data: Data, to path: String, in folder: URL) throws(GalleryError) {
        let file = folder.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw GalleryError(description: "\(file.path) could not be written: \(error.localizedDescription)")
        }
    }
}
