import BetchaBrand
import Foundation
import LiveryScenarios

exit(await ScenarioExecutable.main(BetchaBrand.self))
