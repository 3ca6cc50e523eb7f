import ArgumentParser
import Foundation
import LiveryConsole
import LiveryPreview
import LiveryScenarios

/// `livery-server gallery` (reached as `livery gallery`): every brand's screens as pictures.
struct GalleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every brand's screens, as its scenario files reach them, into a folder with an index.html.",
        discussion: """
            Each brand's scenario files are played as `livery run` plays them; the screen after every step that \
            changes what is shown is drawn by headless Chromium (Debian: apt install chromium chromium-driver) at \
            each size, a screen a brand shows more than once drawn once. --out is replaced whole when the gallery \
            is done and left as it was when it fails. Exit status: 0 written, 2 bad input (an unknown brand or \
            size, an --out that cannot be written or holds other files, no Chromium) or a scenario file that does \
            not play.
            """)

    @Option(help: "The brands to draw, comma-separated (default: every brand).")
    var brands: String?

    @Option(help: "The sizes to draw at, comma-separated WIDTHxHEIGHT in CSS pixels, each side 200 to 4000.")
    var sizes: String = GallerySize.standard.map(\.description).joined(separator: ",")

    @Option(help: "The folder to write (made, or replaced when it holds an earlier gallery).")
    var out: String

    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
        let terminal = output.terminal
        let composition = try ServerTool.composition()
        let ids = try (brands?.split(separator: ",").map(String.init) ?? composition.registry.ids.map(\.rawValue))
            .map { name throws(ToolError) in try ServerTool.brand(name, in: composition).manifest.id.rawValue }
        var drawn: [GallerySize] = []
        for text in sizes.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let size = GallerySize(text) else {
                throw ToolError(
                    "--sizes: '\(text.prefix(20))' is not a size: write WIDTHxHEIGHT, each side \(GallerySize.sides.lowerBound) to \(GallerySize.sides.upperBound), such as 390x844"
                )
            }
            if !drawn.contains(size) { drawn.append(size) }
        }
        guard !drawn.isEmpty, drawn.count <= 8 else { throw ToolError("--sizes: give 1 to 8 sizes") }
        let folder = URL(fileURLWithPath: out).standardizedFileURL
        let started = ContinuousClock.now
        do {
            let made = try await Gallery.make(
                brands: ids, sizes: drawn, composition: composition, scenarios: { ScenarioLibrary.files(for: $0) },
                output: folder, progress: { print(terminal.dim($0)) })
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            print(
                terminal.green("✔ ")
                    + "\(made.states) screens, \(made.pictures) pictures in \(String(format: "%.1f", seconds)) s: "
                    + folder.appendingPathComponent("index.html").path)
        } catch {
            throw ToolError(error.description)
        }
    }
}
