import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryScenarios
import LiveryWorkshop

/// What the brand studio shows beside the controls: the brand file being
/// edited, the reader's verdict on it, the contrast pairs, the difference
/// from the file on disk, the last scenario run, and the theme to paint with.
struct StudioState: Encodable {
    let type = "studio"
    let file: String
    let document: JSONValue
    let problem: Problem?
    let contrast: [Pair]
    /// The checks of `livery doctor` the edited brand fails: Save is refused while there are any.
    let doctor: [DoctorFailure]
    /// For failing contrast pairs, the nearest passing shade of the colour edited.
    let suggestions: [Suggestion]
    let difference: [BrandDifference.Line]
    let scenarios: [Verdict]?
    let edited: Bool
    let fileChanged: Bool
    let note: String?
    /// The edited brand's theme as CSS custom properties (``ThemeStyle``).
    let css: String
    /// The fields of the edited brand's join form, in order (to remove one, or add one after it).
    let fields: [String]
    /// The flags a brand may give defaults for.
    let flags: [String]
    /// The colour roles in their order (a document's object keys come in any order).
    let colourRoles = ColorRole.allCases.map(\.rawValue)

    struct Problem: Encodable {
        let path: String
        let message: String
    }

    struct Pair: Encodable {
        let foreground: String
        let background: String
        let ratio: Double
        let minimum: Double
        let passes: Bool
    }

    struct DoctorFailure: Encodable {
        let check: String
        let problems: [String]
    }

    struct Suggestion: Encodable {
        let foreground: String
        let background: String
        let role: String
        let current: String
        let shade: String
    }

    /// One scenario file's verdict on the edited brand; for a failure, where and why.
    struct Verdict: Encodable, Equatable {
        let file: String
        let passed: Bool
        let failure: String?
    }

    init(_ draft: BrandDraft, scenarios: [Verdict]?, note: String?) {
        file = draft.name
        document = draft.document
        problem = draft.problem.map { Problem(path: $0.path, message: $0.message) }
        contrast = draft.contrast.map {
            Pair(
                foreground: $0.foreground.rawValue, background: $0.background.rawValue,
                ratio: ($0.ratio * 100).rounded() / 100, minimum: $0.minimum, passes: $0.passes)
        }
        doctor = draft.doctorFailures.map { DoctorFailure(check: $0.name, problems: $0.problems) }
        suggestions = draft.shadeSuggestions.map {
            Suggestion(
                foreground: $0.foreground.rawValue, background: $0.background.rawValue, role: $0.role.rawValue,
                current: $0.current.hexString, shade: $0.shade.hexString)
        }
        difference = draft.difference
        self.scenarios = scenarios
        edited = draft.isEdited
        fileChanged = draft.fileChanged
        self.note = note
        css = (try? ThemeStyle.css(for: draft.brand.theme)) ?? ""
        fields = (try? BrandConfiguration(draft.brand))?.bundledDefinition.fields.map(\.name.rawValue) ?? []
        flags = FeatureFlag.known.map(\.rawValue)
    }

    func message() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
            ?? Preview.errorMessage("the studio's state could not be written")
    }
}

extension PreviewSession {
    /// Carries out a studio action; returns an error to show, or `nil`.
    func studio(_ action: StudioAction) async -> String? {
        if case .open = action, studioEdit.draft == nil {
            guard let brandFiles else {
                return "the brand studio edits brand files in a Livery checkout: start the preview inside one"
            }
            guard let folder = Self.pluginFolder(of: brand, in: brandFiles) else {
                return "no brand file for \(brand) under \(brandFiles.path)"
            }
            do {
                studioEdit.draft = try BrandDraft(
                    pluginFolder: folder,
                    name: "Brands/\(folder.deletingLastPathComponent().lastPathComponent)/Plugin/brand.json")
            } catch {
                return "\(error)"
            }
        }
        guard var edited = studioEdit.draft else { return "open the brand studio first" }
        studioEdit.note = nil
        switch action {
        case .open:
            break
        case .set(let path, let value):
            let before = edited.brand
            edited.set(path, to: value)
            studioEdit.draft = edited
            studioEdit.verdicts = nil
            if edited.brand != before, let problem = await run(edited.brand) { return problem }
        case .runScenarios:
            studioEdit.verdicts = await verdicts(on: edited.brand)
        case .save:
            do {
                let saved = try edited.save()
                studioEdit.draft = edited
                studioEdit.note =
                    saved == .written ? "Saved \(edited.name)." : "Nothing to save: \(edited.name) is as loaded."
                if saved == .written { onBrandSaved?(self) }
            } catch {
                publishStudio()
                return error.description
            }
        case .discard:
            let before = edited.brand
            do {
                try edited.discard()
            } catch {
                return "\(error)"
            }
            studioEdit.draft = edited
            studioEdit.verdicts = nil
            studioEdit.note = "Back to \(edited.name) as it is on disk."
            if edited.brand != before, let problem = await run(edited.brand) { return problem }
        }
        publishStudio()
        return nil
    }

    /// Another page saved this brand's file: the studio says the file changed.
    func brandFileChanged() {
        guard studioEdit.draft != nil else { return }
        publishStudio()
    }

    private func publishStudio() {
        guard let draft = studioEdit.draft else { return }
        send(StudioState(draft, scenarios: studioEdit.verdicts, note: studioEdit.note).message())
    }

    /// Restarts the session on the edited brand; why not, if it cannot be assembled.
    private func run(_ brand: BrandDefinition) async -> String? {
        do {
            try await restart(on: composition.replacing(with: brand))
            return nil
        } catch {
            return "the edited brand does not run: \(error)"
        }
    }

    /// Each of the brand's scenario files run in process on `brand`.
    private func verdicts(on brand: BrandDefinition) async -> [StudioState.Verdict] {
        let folder = scenarioFolder.appendingPathComponent(self.brand)
        let files =
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        guard let composition = try? composition.replacing(with: brand) else { return [] }
        let runner = ScenarioRunner(composition: composition)
        var verdicts: [StudioState.Verdict] = []
        for file in files {
            do {
                let result = try await runner.run(file: folder.appendingPathComponent(file).path, brand: self.brand)
                verdicts.append(
                    .init(file: file, passed: result.passed, failure: result.failure.map { String(describing: $0) }))
            } catch {
                verdicts.append(.init(file: file, passed: false, failure: "\(error)"))
            }
        }
        return verdicts
    }

    /// `<brandFiles>/<Name>/Plugin` for the brand `id` (its name in lower case).
    static func pluginFolder(of id: String, in brandFiles: URL) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: brandFiles.path)) ?? []
        return names.first { $0.lowercased() == id }.map { brandFiles.appendingPathComponent("\($0)/Plugin") }
            .flatMap { FileManager.default.fileExists(atPath: $0.appendingPathComponent("brand.json").path) ? $0 : nil }
    }
}

/// A session's brand studio: the brand file being edited, once the page opened
/// it, its last scenario run and its last note (saved, discarded).
struct StudioEdit {
    var draft: BrandDraft?
    var verdicts: [StudioState.Verdict]?
    var note: String?
}
