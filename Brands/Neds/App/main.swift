import Foundation
import LiveryScenarios
import NedsBrand

exit(await ScenarioExecutable.main(NedsBrand.self))
