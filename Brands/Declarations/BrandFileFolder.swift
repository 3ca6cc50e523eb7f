import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// The files a brand file names beside it (its logo), read by name. A
/// reader given ``unavailable`` refuses a brand file that names one.
public struct BrandFileFolder: Sendable {
    private let reader: @Sendable (String) throws(FileInput.Refusal) -> Data

    /// Files read by `reader`, given a file's name (`logo.svg`).
    public init(reader: @escaping @Sendable (String) throws(FileInput.Refusal) -> Data) { self.reader = reader }

    /// The files of the folder at `url`, each read with ``FileInput`` up to `limit` bytes.
    public static func directory(_ url: URL, limit: Int = BrandLogo.maximumSize) -> BrandFileFolder {
        BrandFileFolder { name throws(FileInput.Refusal) in
            try FileInput.read(atPath: url.appendingPathComponent(name).path, limit: limit, kind: "logo files")
        }
    }

    /// The files in `files`, by name: for tests, fuzzing and a file edited in memory.
    public static func files(_ files: [String: Data]) -> BrandFileFolder {
        BrandFileFolder { name throws(FileInput.Refusal) in
            guard let data = files[name] else { throw FileInput.Refusal(description: "there is no such file") }
            return data
        }
    }

    /// No folder: a brand file naming a file beside it is refused.
    public static let unavailable = BrandFileFolder { _ throws(FileInput.Refusal) in
        throw FileInput.Refusal(description: "cannot be read: this brand file was given without its folder")
    }

    /// The bytes of the file called `name`.
    func read(_ name: String) throws(FileInput.Refusal) -> Data { try reader(name) }
}
