import Foundation
import LiveryComposition
import LiveryCore

/// The entry point of a brand's own executable: it registers exactly that
/// brand and runs its scenarios (the files given as arguments, or all of
/// them); `--json` prints machine output. Returns the exit status.
public enum BrandApp {
    /// Runs `plugin`'s scenarios with the command-line `arguments` (without the program name).
    @MainActor
    public static func main(_ plugin: any BrandPlugin, arguments: [String]) async -> Int32 {
        do {
            let composition = try Composition([plugin])
            return await ScenarioCommand(composition: composition, brand: plugin.manifest.id.rawValue,
                                         files: arguments.filter { !$0.hasPrefix("-") },
                                         json: arguments.contains("--json"), coverage: arguments.contains("--coverage")).run()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
    }
}
