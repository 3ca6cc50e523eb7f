import TabNZBrand
import Foundation
import LiveryScenarios

// TabNZ's own product: registers exactly this brand and runs its scenarios headlessly.
exit(await BrandApp.main(TabNZBrand(), arguments: Array(CommandLine.arguments.dropFirst())))
