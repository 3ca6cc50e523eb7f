import Foundation

/// A brand whose whole declaration is the `brand.json` in its module's
/// resources. A brand target holds that file and one line of Swift:
///
/// ```swift
/// public enum NedsBrand: DeclaredBrand { public static let bundle = Bundle.module }
/// ```
///
/// and an entry point registers it with `try NedsBrand.load()`.
public protocol DeclaredBrand: SendableMetatype {
    /// The module bundle holding `brand.json`.
    static var bundle: Bundle { get }
}

extension DeclaredBrand {
    /// How errors name the file: the brand type and `brand.json`.
    public static var fileName: String { "\(Self.self)/brand.json" }

    /// The brand, read from its `brand.json` and checked.
    /// - Throws: ``DeclarationError`` naming the key path of the first problem.
    public static func load() throws(DeclarationError) -> BrandDefinition {
        guard let url = bundle.url(forResource: "brand", withExtension: "json") else {
            throw DeclarationError(
                file: fileName, path: "", message: "brand.json is missing from the module's resources")
        }
        let data: Data
        do throws(FileInput.Refusal) {
            data = try FileInput.read(atPath: url.path, limit: BrandDefinition.maximumFileSize, kind: "brand files")
        } catch {
            throw DeclarationError(file: fileName, path: "", message: error.description)
        }
        return try BrandDefinition.read(json: data, file: fileName, folder: .directory(url.deletingLastPathComponent()))
    }
}
