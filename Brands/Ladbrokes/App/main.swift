import Foundation
import LadbrokesBrand
import LiveryScenarios

exit(await BrandApp.main(LadbrokesBrand.self))
