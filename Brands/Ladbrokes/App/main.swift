import LadbrokesBrand
import Foundation
import LiveryScenarios

// Ladbrokes's own product: registers exactly this brand and runs its scenarios headlessly.
exit(await BrandApp.main(LadbrokesBrand(), arguments: Array(CommandLine.arguments.dropFirst())))
