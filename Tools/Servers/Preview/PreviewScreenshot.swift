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
    public static let browsers = Chromium.browsers

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
        try? FileManager.default.removeItem(at: output)
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--window-size=\(size.width),\(size.height)", "--virtual-time-budget=3000", "--screenshot=\(output.path)",
        ]
        let id = plugin.manifest.id.rawValue
        do {
            try await Preview.servingStills([id: screen.message()], composition: composition) {
                port throws(GalleryError) in
                do {
                    try await run(browser, arguments + ["http://127.0.0.1:\(port)/still/\(id)"])
                } catch {
                    throw GalleryError(description: "\(error)")
                }
            }
        } catch {
            throw PreviewSetupError(description: error.description)
        }
        let written = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        guard written > 0 else {
            throw PreviewSetupError(description: "\(browser.lastPathComponent) wrote no picture to \(output.path)")
        }
    }

    private static func findBrowser() -> URL? { Chromium.find(browsers) }

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
