import BetchaBrand
import LiveryScenarios
import Testing

@Suite("Betcha: brand checks and scenario files") struct BetchaBrandTests {
    @Test("passes", arguments: BrandCheck.all(BetchaBrand.self)) func passes(_ check: BrandCheck) async {
        let problems = await check.problems()
        #expect(problems.isEmpty, "\(problems)")
    }
}
