import ArgumentParser
import Foundation
import LiveryConsole
import LiveryPreview
import LiveryScenarios
import LiveryWorkshop

/// `livery-server gallery` (reached as `livery gallery`): every brand's screens as pictures.
struct GalleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every brand's screens, as its scenario files reach them, into a folder with an index.html.",
        discussion: """
            Each brand's scenario files are played as `livery run` plays them; the screen after every step that \
            changes what is shown is drawn by headless Chromium (Debian: apt install chromium chromium-driver \
            fonts-dejavu-core) at each size, a screen a brand shows more than once drawn once. --out is replaced \
            whole when the gallery is done and left as it was when it fails. With --against, the same screens are \
            drawn for another revision (built once per commit in a git worktree under .build/gallery-revisions) \
            or read from an earlier gallery's folder, and the page shows each changed screen before and after \
            with its difference, most changed first. Exit status: 0 written (and nothing changed more than \
            --fail-on-change), 1 a screen changed more than --fail-on-change, 2 bad input (an unknown brand or \
            size, an --out that cannot be written or holds other files, no Chromium, a revision that does not \
            exist or does not build) or a scenario file that does not play.
            """)

    @Option(help: "The brands to draw, comma-separated (default: every brand).")
    var brands: String?

    @Option(help: "The sizes to draw at, comma-separated WIDTHxHEIGHT in CSS pixels, each side 200 to 4000.")
    var sizes: String = GallerySize.standard.map(\.description).joined(separator: ",")

    @Option(help: "The folder to write (made, or replaced when it holds an earlier gallery).")
    var out: String

    @Option(help: "Draw with this brand file in place of its brand's own (a colour tried before it is committed).")
    var brandFile: String?

    @Option(help: "Compare with a revision (a branch, tag or commit of this checkout) or an earlier gallery's folder.")
    var against: String?

    @Option(
        help:
            "With --against: exit 1 when a screen's changed pixels are more than this share, 0 to 100 (a screen that appeared or vanished counts as 100)."
    )
    var failOnChange: Double?

    @Option(help: "With --against: write a JUnit report of the screens compared to this file.")
    var junit: String?

    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
        let terminal = output.terminal
        var composition = try ServerTool.composition()
        if let brandFile { composition = try ToolBrands.composition(composition, withBrandFile: brandFile) }
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
        if let failOnChange, !(0...100).contains(failOnChange) {
            throw ToolError("--fail-on-change: \(failOnChange) is not a share from 0 to 100")
        }
        if against == nil, failOnChange != nil || junit != nil {
            throw ToolError("--fail-on-change and --junit compare: give --against a revision or an earlier gallery")
        }
        if let junit, let problem = JUnitReport.problem(with: junit) { throw ToolError(problem) }
        let folder = URL(fileURLWithPath: out).standardizedFileURL
        let baseline = try against.map { against throws(ToolError) in try Self.baseline(against) }
        let started = ContinuousClock.now
        let made: Gallery.Made
        do {
            made = try await Gallery.make(
                brands: ids, sizes: drawn, composition: composition, scenarios: { ScenarioLibrary.files(for: $0) },
                output: folder, against: baseline, everyBrand: brands == nil,
                progress: { print(terminal.dim($0)) })
        } catch {
            throw ToolError(error.description)
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print(
            terminal.green("✔ ")
                + "\(made.states) screens, \(made.pictures) pictures in \(String(format: "%.1f", seconds)) s: "
                + folder.appendingPathComponent("index.html").path)
        guard let comparison = made.comparison else { return }
        let changed = comparison.changes.filter { $0.percent > 0 }
        for change in changed.prefix(10) {
            print(
                "  \(terminal.yellow(GalleryComparison.percent(change.percent)))  \(change.state.brand) · \(change.state.places[0])"
            )
        }
        if changed.count > 10 { print(terminal.dim("  … and \(changed.count - 10) more, in the page")) }
        for state in comparison.appeared.prefix(10) {
            print("  \(terminal.green("appeared"))  \(state.brand) · \(state.places[0])")
        }
        for state in comparison.vanished.prefix(10) {
            print("  \(terminal.red("vanished"))  \(state.brand) · \(state.places[0])")
        }
        if let note = comparison.drawnDifferently { print(terminal.yellow("note: ") + note) }
        print(
            "\(changed.count) of \(comparison.changes.count) screens changed against \(comparison.against); "
                + "\(comparison.appeared.count) appeared, \(comparison.vanished.count) vanished")
        if let junit {
            do {
                try JUnitReport.write(comparison.junit(threshold: failOnChange), to: junit)
            } catch {
                throw ToolError(error.description)
            }
        }
        if let failOnChange {
            let over = comparison.exceeding(failOnChange)
            if over > 0 {
                ExitStatus.writeError(
                    terminal.red("✘ ")
                        + "\(over) screen\(over == 1 ? "" : "s") changed more than \(GalleryComparison.percent(failOnChange))"
                )
                throw ExitCode(ExitStatus.failure)
            }
        }
    }

    /// `--against`: an earlier gallery's folder when it names one, else a revision of the checkout.
    private static func baseline(_ against: String) throws(ToolError) -> Gallery.Baseline {
        let folder = URL(fileURLWithPath: against).standardizedFileURL
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(GalleryManifest.fileName).path) {
            return .folder(folder)
        }
        var isFolder: ObjCBool = false
        if against.contains("/"), FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
            isFolder.boolValue
        {
            throw ToolError(
                "--against \(folder.path) holds no \(GalleryManifest.fileName): give an earlier gallery's folder or a revision"
            )
        }
        let checkout = try PackageCheckout.current()
        do {
            return .revision(try GalleryRevision.resolve(against, in: checkout.root))
        } catch {
            throw ToolError(error.description)
        }
    }
}
