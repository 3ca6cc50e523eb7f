import LiveryScenarios
import TabNZBrand
import Testing

@Suite("TabNZ: brand checks and scenario files") struct TabNZBrandTests {
    @Test("passes", arguments: BrandCheck.all(TabNZBrand.self)) func passes(_ check: BrandCheck) async {
        let problems = await check.problems()
        #expect(problems.isEmpty, "\(problems)")
    }
}
