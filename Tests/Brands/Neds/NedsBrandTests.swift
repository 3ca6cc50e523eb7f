import Testing
import AppBarFeature
import LiveryComposition
import LiveryCore
@testable import NedsBrand

@Suite("Neds: configuration")
struct NedsConfigurationTests {
    @Test("its theme is complete and every text pair meets WCAG AA")
    func theme() {
        #expect(NedsBrand().theme.contrastFailures().isEmpty)
        #expect(NedsBrand().theme.issues().isEmpty)
    }
}
