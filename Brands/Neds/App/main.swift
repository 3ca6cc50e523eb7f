import Foundation
import LiveryScenarios
import NedsBrand

exit(await BrandApp.main(NedsBrand.self))
