import Foundation

extension ScenarioRecorder {
    /// How saving a recording ended.
    enum SaveOutcome: Equatable {
        /// Written, at this path.
        case saved(String)
        /// Not written, and why.
        case refused(String)
    }

    /// Writes the recording to `<folder>/<name>`, never over a file, once it
    /// has a step (a scenario without steps is refused by `livery run`). A
    /// name is letters, digits, `-`, `_` and `.`, at most 80 characters,
    /// ending `.yaml`, so it cannot leave the folder.
    func save(named name: String, in folder: URL) -> SaveOutcome {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_.".unicodeScalars.contains($0)
        }
        guard allowed, name.count <= 80, !name.hasPrefix("."), !name.contains(".."), name.hasSuffix(".yaml") else {
            return .refused(
                "a scenario file name is letters, digits, - and _, ending .yaml (e.g. 30-recorded.yaml), not '\(name)'")
        }
        guard count > 0 else {
            return .refused("nothing is recorded yet: a scenario needs at least one step, so take one, then save")
        }
        let file = folder.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: file.path) else {
            return .refused("\(file.path) exists already; choose another name")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(self.file(title: "Recorded: \(name.dropLast(".yaml".count))").utf8).write(
                to: file, options: .withoutOverwriting)
        } catch {
            return .refused("cannot write \(file.path): \(error.localizedDescription)")
        }
        return .saved(file.path)
    }
}
