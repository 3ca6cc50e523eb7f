import Foundation
import LiveryScenarios
import LadbrokesBrand

exit(await BrandApp.main(LadbrokesBrand.self))
