import Foundation
import LadbrokesBrand
import LiveryScenarios

exit(await ScenarioExecutable.main(LadbrokesBrand.self))
