import BetchaBrand
import Foundation
import LiveryScenarios

// Betcha's own product: registers exactly this brand and runs its scenarios headlessly.
exit(await BrandApp.main(BetchaBrand(), arguments: Array(CommandLine.arguments.dropFirst())))
