import Foundation
import LiveryScenarios
import TabNZBrand

exit(await ScenarioExecutable.main(TabNZBrand.self))
