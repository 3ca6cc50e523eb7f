import BrandDeclarations
import Foundation
import LiveryWorkshop
import Testing

@Suite("livery doctor checks market packs and points at the line")
struct MarketDoctorTests {
    @Test("every pack of the checkout passes")
    func shippedPacksPass() throws {
        let reports = MarketDoctor.check(folder: MarketDoctor.packFolder(in: try PackageCheckout.current()))
        #expect(reports.map(\.code) == ["AU", "GB", "NZ"])
        #expect(reports.allSatisfy { $0.passed }, "\(reports.flatMap(\.problems))")
    }

    @Test("a pack beside the shipped ones: a bad pattern and a postcode its pattern refuses are named with their lines")
    func badPacks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try PackageCheckout.current().root.appendingPathComponent("Brands/Markets/Packs/gb.json")
        let gb = try String(contentsOf: shipped, encoding: .utf8)
        let brokenPattern = gb.replacingOccurrences(of: #""code": "GB""#, with: #""code": "XA""#)
            .replacingOccurrences(of: #""pattern": "[A-Z]{1,2}"#, with: #""pattern": "[A-Z]{1,2"#)
        try Data(brokenPattern.utf8).write(to: folder.appendingPathComponent("xa.json"))
        let wrongPostcodes = gb.replacingOccurrences(of: #""code": "GB""#, with: #""code": "XB""#)
            .replacingOccurrences(of: "gb-addresses.tsv", with: "xb-addresses.tsv")
        try Data(wrongPostcodes.utf8).write(to: folder.appendingPathComponent("xb.json"))
        let addresses = "XB-1\tXB\t\t1\tHigh Street\tAmbridge\t\tNOT A CODE\n"
        try Data(addresses.utf8).write(to: folder.appendingPathComponent("xb-addresses.tsv"))

        let reports = MarketDoctor.check(folder: folder, known: try MarketCatalogue.shipped())
        #expect(reports.map(\.file) == ["xa.json", "xb.json"])
        let patternLine = try #require(
            brokenPattern.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains(#""pattern""#)
            })
        #expect(reports[0].problems.first?.hasPrefix("xa.json: line \(patternLine + 1): at postcode.pattern:") == true)
        #expect(reports[1].code == "XB")
        #expect(reports[1].problems.first?.contains("XB-1 has postcode 'NOT A CODE'") == true)
    }
}
