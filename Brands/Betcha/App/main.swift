import Foundation
import LiveryScenarios
import BetchaBrand

exit(await BrandApp.main(BetchaBrand.self))
