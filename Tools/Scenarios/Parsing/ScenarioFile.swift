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
        func refuse(_ message: String) -> ScenarioInputError { ScenarioInputError(file: path, line: 1, message: message) }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { throw refuse("there is no such file") }
        if isFolder.boolValue {
            throw refuse("is a folder, not a scenario file (give a .yaml file, or a brand to run all of its scenarios)")
        }
        let attributes = (try? manager.attributesOfItem(atPath: path)) ?? [:]
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw refuse("is not a regular file (a device, a pipe or a socket); give a .yaml file")
        }
        func tooLarge(_ size: String) -> ScenarioInputError {
            refuse("the file is \(size) KiB; scenario files are at most \(limit / 1024) KiB")
        }
        if let size = attributes[.size] as? Int, size > limit { throw tooLarge("\(size / 1024)") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw refuse("cannot be read: permission denied") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw refuse("cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw tooLarge("over \(limit / 1024)") }
        guard let text = String(data: data, encoding: .utf8) else { throw refuse("is not UTF-8 text") }
        return text
    }
}
