import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryCore

/// What `livery doctor` checks of market packs: each pack reads (every key
/// known, patterns compile, its examples pass its own rules, its address file
/// parses), its standard form loads and builds in the market, and its sample
/// addresses are found by the market's own lookup. Problems name the file and line.
public enum MarketDoctor {
    /// One pack checked.
    public struct Report: Sendable {
        /// The pack's file name.
        public let file: String
        /// Its market code, when it reads.
        public let code: String?
        /// What is wrong; empty when it passed.
        public let problems: [String]
        /// Whether every check passed.
        public var passed: Bool { problems.isEmpty }
    }

    /// The packs in the checkout's `Brands/Markets/Packs` (the files, so an edit is checked before a build).
    public static func packFolder(in checkout: PackageCheckout) -> URL {
        checkout.root.appendingPathComponent("Brands/Markets/Packs")
    }

    /// Each pack (`*.json`) in `folder`, checked beside `known` and the packs of
    /// the folder that read (a pack whose form starts from another is read after it).
    public static func check(folder: URL, known: MarketCatalogue = MarketCatalogue()) -> [Report] {
        let names: [String]
        do throws(BrandFileError) {
            names = try MarketCatalogue.packFiles(in: folder)
        } catch {
            return [Report(file: folder.lastPathComponent, code: nil, problems: [error.description])]
        }
        var packs: [(file: String, data: Data)] = []
        var reports: [Report] = []
        for name in names {
            do throws(FileInput.Refusal) {
                packs.append((name, try MarketCatalogue.readPack(name, in: folder)))
            } catch {
                reports.append(Report(file: name, code: nil, problems: ["\(name): \(error.description)"]))
            }
        }
        // Packs that start from no other market first, then the rest.
        packs.sort {
            (MarketCatalogue.like(in: $0.data) == nil ? 0 : 1) < (MarketCatalogue.like(in: $1.data) == nil ? 0 : 1)
        }
        var catalogue = known
        let files = BrandFileFolder.directory(folder, limit: MarketPack.maximumAddressFileSize)
        for pack in packs {
            do throws(BrandFileError) {
                let region = try MarketPack.read(
                    json: pack.data, file: pack.file, folder: files, known: catalogue.regions)
                catalogue = MarketCatalogue(Array(catalogue.regions.values) + [region])
                reports.append(
                    Report(file: pack.file, code: region.code, problems: problems(of: region, file: pack.file)))
            } catch {
                reports.append(Report(file: pack.file, code: nil, problems: [error.description]))
            }
        }
        return reports.sorted { $0.file < $1.file }
    }

    /// What is wrong with a market that reads: its form in the market, its samples.
    static func problems(of region: Region, file: String) -> [String] {
        var problems: [String] = []
        do throws(DefinitionError) {
            let definition = try FormDefinition.standard(for: region)
            _ = definition.makeForm(in: RuleEnvironment(region: region, wallClock: .systemDefault))
        } catch {
            problems.append("\(file): at joinForm: \(error.description)")
        }
        let lookup = region.addresses
        if !lookup.isEmpty {
            let ids = Set(lookup.compactMap(\.id))
            if ids.count != lookup.count {
                problems.append("\(file): at address.addresses: \(lookup.count - ids.count) addresses share an id")
            }
            for address in lookup where !region.postcode.matches(address.postcode) {
                problems.append(
                    "\(file): at address.addresses: \(address.id ?? "an address") has postcode '\(address.postcode)', which the pack's pattern refuses"
                )
                break
            }
        }
        return problems
    }
}
