import Foundation
import LiveryScenarios
import TabNZBrand

exit(await BrandApp.main(TabNZBrand.self))
