import LiveryScenarios
import NedsBrand
import Testing

@Suite("Neds: brand checks and scenario files") struct NedsBrandTests {
    @Test("passes", arguments: BrandCheck.all(NedsBrand.self)) func passes(_ check: BrandCheck) async {
        let problems = await check.problems()
        #expect(problems.isEmpty, "\(problems)")
    }
}
