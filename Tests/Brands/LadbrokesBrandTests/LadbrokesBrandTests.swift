import LadbrokesBrand
import LiveryScenarios
import Testing

@Suite("Ladbrokes: brand checks and scenario files") struct LadbrokesBrandTests {
    @Test("passes", arguments: BrandCheck.all(LadbrokesBrand.self)) func passes(_ check: BrandCheck) async {
        let problems = await check.problems()
        #expect(problems.isEmpty, "\(problems)")
    }
}
