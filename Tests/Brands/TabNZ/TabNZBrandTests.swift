import Testing
import AppBarFeature
import LiveryComposition
import LiveryCore
@testable import TabNZBrand

@Suite("TabNZ: configuration")
struct TabNZConfigurationTests {
    @Test("its theme is complete and every text pair meets WCAG AA")
    func theme() {
        #expect(TabNZBrand().theme.contrastFailures().isEmpty)
        #expect(TabNZBrand().theme.issues().isEmpty)
    }
}
