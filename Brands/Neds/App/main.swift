import NedsBrand
import Foundation
import LiveryScenarios

// Neds's own product: registers exactly this brand and runs its scenarios headlessly.
exit(await BrandApp.main(NedsBrand(), arguments: Array(CommandLine.arguments.dropFirst())))
