import Foundation
import LiveryComposition
import LiveryCore
import LiveryScenarios

/// One screen of a brand's journey as the gallery shows it: the first place
/// a scenario file reached it, every other place that reached the same
/// screen, and what it shows.
public struct GalleryState: Sendable {
    /// Where a screen was reached: a scenario file and the step that left it showing.
    public struct Place: Sendable, Hashable, CustomStringConvertible {
        /// The scenario file's name, such as `04-taken-username.yaml`.
        public let file: String
        /// The step, with its line.
        public let step: PlayedStep

        /// `04-taken-username.yaml:12 (step 3: tap: continue)`.
        public var description: String { "\(file):\(step.line) (step \(step.number): \(step.summary))" }
    }

    /// The brand's id.
    public let brand: String
    /// The first place the screen was reached: the state's name.
    public let place: Place
    /// The other places that reached the very same screen, in file and step order.
    public internal(set) var alsoReachedAt: [Place]
    /// The join journey's page shown, such as `details`.
    public var page: String { screen.join.page }
    /// What the page draws: the join form and the app bar.
    let screen: Screen
}

/// Why the gallery's states could not be made.
public struct GalleryError: Error, CustomStringConvertible {
    /// What went wrong, naming the brand, file or line.
    public let description: String
}

extension GalleryState {
    /// Every distinct screen that `files` of `brand` reach, in file and step
    /// order, each played by `runner` as `livery run` plays it. A step that
    /// leaves the screen as it was adds no state, and a screen the brand
    /// already showed is one state listing each place that reached it: what
    /// looks the same is drawn once.
    /// - Throws: ``GalleryError`` naming the file for one that does not load
    ///   or play (a failing step is named with its line).
    @MainActor
    public static func collect(
        brand: String, files: [String], runner: ScenarioRunner
    ) async throws(GalleryError) -> [GalleryState] {
        let plugin: any BrandPlugin
        do {
            plugin = try runner.composition.registry.plugin(named: brand)
        } catch {
            throw GalleryError(description: "\(error)")
        }
        var states: [GalleryState] = []
        for file in files {
            let scenario: Scenario
            do {
                scenario = try runner.load(file, brand: brand)
            } catch {
                throw GalleryError(description: "\(error)")
            }
            let name = URL(fileURLWithPath: file).lastPathComponent
            var previous: Screen?
            do {
                _ = try await runner.play(scenario, through: nil) { step, shown in
                    let screen = Screen(
                        session: "gallery", brand: brand, locale: plugin.manifest.locale, join: shown.join,
                        appBar: shown.appBar, world: shown.world, flagDefaults: plugin.featureFlagDefaults,
                        backend: nil, recorder: Screen.RecorderState(recording: false, steps: 0, text: "", saved: nil),
                        events: [])
                    defer { previous = screen }
                    guard previous.map({ !screen.looksLike($0) }) ?? true else { return }
                    let place = GalleryState.Place(file: name, step: step)
                    if let index = states.firstIndex(where: { screen.looksLike($0.screen) }) {
                        states[index].alsoReachedAt.append(place)
                    } else {
                        states.append(GalleryState(brand: brand, place: place, alsoReachedAt: [], screen: screen))
                    }
                }
            } catch {
                throw GalleryError(description: error.description)
            }
        }
        return states
    }
}

extension Screen {
    /// Whether the page draws this screen as it draws `other`: the same join form and app bar (the preview's own
    /// panel, analytics list and recorder are not part of a brand's screen).
    func looksLike(_ other: Screen) -> Bool {
        join == other.join && appBar == other.appBar
    }
}
