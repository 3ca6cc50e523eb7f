import LiveryConsole
import LiveryScenarios
import NedsBrand
import Testing

@Suite("Neds' own executable: the options of livery run, unknown ones refused")
struct BrandCommandTests {
    @Test(
        "a misspelt option, an extra flag or a bad --backend is usage (2) and runs nothing; help is 0",
        arguments: [
            (["--jsn"], 2), (["--backend", "ftp://x"], 2), (["--colour", "--frobnicate"], 2), (["--help"], 0),
            (["no-such-file.yaml", "--json"], 2),
        ] as [([String], Int32)])
    func usage(_ arguments: [String], _ status: Int32) async {
        #expect(await ExitStatus.run(BrandRun<NedsBrand>.self, arguments: arguments) == status)
    }
}
