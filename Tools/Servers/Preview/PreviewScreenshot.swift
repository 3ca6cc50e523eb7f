import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryConsole
import LiveryCore
import Logging

/// A brand's page as a PNG, drawn by headless Chromium from states made in
/// advance (a fresh journey, or a scenario played to a step), so a pull
/// request can show each brand's pages.
public enum PreviewScreenshot {
    /// The browsers looked for on the `PATH`, in order.
    public static let browsers = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// Draws `brand` showing `join` and `appBar` in `world` to a PNG at `output`.
    /// - Throws: ``PreviewSetupError`` when no browser is installed, the page
    ///   cannot be served, or the browser fails or takes over a minute.
    @MainActor
    public static func take(
        brand: String, join: JoinState, appBar: AppBarState, world: EmbeddedWorld,
        composition: Composition, output: URL, size: (width: Int, height: Int) = (1280, 1300)
    ) async throws {
        guard let browser = findBrowser() else {
            throw PreviewSetupError(
                description:
                    "a screenshot needs headless Chromium: install it (Debian: apt install chromium); looked for \(browsers.joined(separator: ", "))"
            )
        }
        let plugin = try composition.registry.plugin(named: brand)
        let screen = Screen(
            session: "still", brand: plugin.manifest.id.rawValue, locale: plugin.manifest.locale, join: join,
            appBar: appBar, world: world,
            flagDefaults: plugin.featureFlagDefaults, backend: nil,
            recorder: Screen.RecorderState(recording: false, steps: 0, text: "", saved: nil))
        var configuration = PreviewConfiguration(
            port: 0, brands: [brand], scenarioFolder: FileManager.default.temporaryDirectory)
        configuration.stills = [plugin.manifest.id.rawValue: screen.message()]
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = try Preview.application(
            composition: composition, configuration: configuration,
            logger: Logger(label: "livery.preview.screenshot") { _ in SwiftLogNoOpLogHandler() }
        ) { port in
            listening.yield(port)
            listening.finish()
        }
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var bound: Int?
        for await port in ports {
            bound = port
            break
        }
        guard let port = bound else {
            throw PreviewSetupError(description: "the page could not be served for the screenshot")
        }
        try? FileManager.default.removeItem(at: output)
        try await run(
            browser,
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--window-size=\(size.width),\(size.height)", "--virtual-time-budget=3000",
                "--screenshot=\(output.path)", "http://127.0.0.1:\(port)/still/\(plugin.manifest.id.rawValue)",
            ])
        let written = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        guard written > 0 else {
            throw PreviewSetupError(description: "\(browser.lastPathComponent) wrote no picture to \(output.path)")
        }
    }

    private static func findBrowser() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in browsers {
            for folder in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Runs `browser`, giving up after a minute.
    private static func run(_ browser: URL, _ arguments: [String]) async throws {
        let run: ChildProcess
        do {
            run = try await ChildProcess.running(
                [browser.path] + arguments, output: .discarded, limit: .seconds(60))
        } catch {
            throw PreviewSetupError(description: error.description)
        }
        guard run.succeeded else {
            throw PreviewSetupError(
                description: "\(browser.lastPathComponent) failed (status \(run.status)): \(run.errors.suffix(400))")
        }
    }
}
