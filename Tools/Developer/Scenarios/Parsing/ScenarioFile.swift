import BrandDeclarations
import Foundation

/// Reads a scenario file the way every tool does: a regular file of UTF-8
/// text no larger than the scenario bound, read only up to that bound, each
/// refusal in plain words at `file:1`.
enum ScenarioFile {
    /// The text of the file at `path`.
    /// - Throws: ``ScenarioInputError`` when there is no such file, it is a
    ///   folder or not a regular file (a device, a pipe), it cannot be read,
    ///   it is larger than `limit` bytes or it is not UTF-8.
    static func text(atPath path: String, limit: Int = YAMLNode.Bounds.fileBytes) throws(ScenarioInputError) -> String {
        func refuse(_ message: String) -> ScenarioInputError {
            ScenarioInputError(file: path, line: 1, message: message)
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw refuse("is a folder, not a scenario file (give a .yaml file, or a brand to run all of its scenarios)")
        }
        let data: Data
        do throws(FileInput.Refusal) {
            data = try FileInput.read(atPath: path, limit: limit, kind: "scenario files")
        } catch {
            throw refuse(error.description)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw refuse("is not UTF-8 text") }
        return text
    }
}
