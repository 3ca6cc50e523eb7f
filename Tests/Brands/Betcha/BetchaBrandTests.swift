import Testing
import AppBarFeature
import LiveryComposition
import LiveryCore
@testable import BetchaBrand

@Suite("Betcha: configuration")
struct BetchaConfigurationTests {
    @Test("its theme is complete and every text pair meets WCAG AA")
    func theme() {
        #expect(BetchaBrand().theme.contrastFailures().isEmpty)
        #expect(BetchaBrand().theme.issues().isEmpty)
    }
}
