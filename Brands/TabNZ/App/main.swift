import TabNZBrand
import Foundation
import LiveryComposition
import LiveryScenarios

// TabNZ's own product: registers exactly this brand and runs its scenarios headlessly.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let composition = try Composition([TabNZBrand()])
    let brand = composition.registry.ids[0].rawValue
    exit(await ScenarioCommand(composition: composition, brand: brand, files: arguments.filter { !$0.hasPrefix("-") },
                               json: arguments.contains("--json")).run())
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
