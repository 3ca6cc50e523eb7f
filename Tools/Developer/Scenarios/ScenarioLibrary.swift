import Foundation
import LiveryWorkshop

/// Where scenario files live: `Tests/Scenarios/<brand id>/*.yaml` of the
/// checkout around the current directory, or of the one the tool was built
/// from (`PackageCheckout.current()` finds it).
public enum ScenarioLibrary {
    /// The folder holding one scenario folder per brand: `root` when given,
    /// otherwise the checkout's `Tests/Scenarios` (relative to the current
    /// directory when there is no checkout, so that reading it names the path).
    public static func scenariosDirectory(root: String? = nil) -> String {
        if let root { return root }
        return (try? PackageCheckout.current())?.scenariosFolder.path ?? "Tests/Scenarios"
    }

    /// Every `*.yaml` file of `brand`, sorted by name, as full paths.
    public static func files(for brand: String, root: String? = nil) -> [String] {
        let folder = URL(fileURLWithPath: scenariosDirectory(root: root)).appendingPathComponent(brand.lowercased())
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map {
            folder.appendingPathComponent($0).path
        }
    }

    /// The names of `brand`'s scenario files, sorted (one test argument each).
    public static func fileNames(for brand: String) -> [String] {
        files(for: brand).map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    private static let relativePath = "Tests/Scenarios"
}
