import BetchaBrand
import Foundation
import LiveryScenarios

exit(await BrandApp.main(BetchaBrand.self))
