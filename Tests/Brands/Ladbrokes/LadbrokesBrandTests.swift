import Testing
import AppBarFeature
import LiveryComposition
import LiveryCore
@testable import LadbrokesBrand

@Suite("Ladbrokes: configuration")
struct LadbrokesConfigurationTests {
    @Test("its theme is complete and every text pair meets WCAG AA")
    func theme() {
        #expect(LadbrokesBrand().theme.contrastFailures().isEmpty)
        #expect(LadbrokesBrand().theme.issues().isEmpty)
    }
}
