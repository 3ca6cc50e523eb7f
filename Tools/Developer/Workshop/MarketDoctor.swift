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
        /// Whether the pack read at all: one that does not (not a regular
        /// file, malformed, an unknown key) is bad input, not a failed check.
        public var read: Bool { code != nil }
    }

    /// The packs in the checkout's `Brands/Markets/Packs` (the files, so an edit is checked before a build).
    public static func packFolder(in checkout: PackageCheckout) -> URL {
        checkout.root.appendingPathComponent("Brands/Markets/Packs")
    }

    /// Each pack (`*.json`) in `folder`, checked beside `known` and the packs of
    /// the folder that read (a pack whose form starts from another is read after it).
    public static func check(folder: URL, known: MarketCatalogue = MarketCatalogue()) -> [Report] {
        let names: [String]
        do throws(DeclarationError) {
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
        // Each pack after the one its form starts from, in the order the loader reads them, whatever the names.
        packs = MarketCatalogue.readingOrder(packs, known: known)
        var catalogue = known
        let files = BrandFileFolder.directory(folder, limit: MarketPack.maximumAddressFileSize)
        for pack in packs {
            do throws(DeclarationError) {
                let market = try MarketPack.read(
                    json: pack.data, file: pack.file, folder: files, known: catalogue.markets)
                catalogue = MarketCatalogue(Array(catalogue.markets.values) + [market])
                var problems = problems(of: market, file: pack.file)
                do throws(DeclarationError) {
                    try MarketCatalogue.check(market, isNamedBy: pack.file, data: pack.data)
                } catch {
                    problems.insert(error.description, at: 0)
                }
                reports.append(Report(file: pack.file, code: market.code, problems: problems))
            } catch {
                reports.append(Report(file: pack.file, code: nil, problems: [error.description]))
            }
        }
        // One pack a market: the loader would read one of them and never the other.
        let byCode = Dictionary(grouping: reports.filter { $0.code != nil }, by: { $0.code! })
        reports = reports.map { report in
            guard let code = report.code, let sharing = byCode[code], sharing.count > 1,
                let data = packs.first(where: { $0.file == report.file })?.data
            else { return report }
            let others = sharing.map(\.file).filter { $0 != report.file }.sorted()
            let shared = MarketCatalogue.sharedCode(code, file: report.file, with: others, data: data)
            return Report(file: report.file, code: code, problems: report.problems + [shared.description])
        }
        return reports.sorted { $0.file < $1.file }
    }

    /// The one pack in the file at `url` (whatever its name), checked beside
    /// `known`; a market it starts from (`joinForm.like`) that `known` lacks
    /// is read from the pack of that code beside it. A file that is not a
    /// regular file, or does not read as a pack, is a report that did not read.
    public static func check(file url: URL, known: MarketCatalogue = MarketCatalogue()) -> Report {
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        var catalogue = known
        do throws(DeclarationError) {
            let data = try pack(at: url)
            for base in try startingMarkets(of: data, in: folder, known: known) {
                catalogue = MarketCatalogue(Array(catalogue.markets.values) + [base])
            }
            let market = try MarketPack.read(
                json: data, file: name,
                folder: BrandFileFolder.directory(folder, limit: MarketPack.maximumAddressFileSize),
                known: catalogue.markets)
            return Report(file: name, code: market.code, problems: problems(of: market, file: name))
        } catch {
            return Report(file: name, code: nil, problems: [error.description])
        }
    }

    /// The bytes of the pack at `url`, read as every file a tool is given is read.
    private static func pack(at url: URL) throws(DeclarationError) -> Data {
        do throws(FileInput.Refusal) {
            return try FileInput.read(atPath: url.path, limit: MarketPack.maximumFileSize, kind: "market packs")
        } catch {
            throw DeclarationError(file: url.lastPathComponent, path: "", message: error.description)
        }
    }

    /// The markets the pack `data` starts from that `known` lacks, read from
    /// the packs beside it, the furthest first (at most four deep).
    private static func startingMarkets(of data: Data, in folder: URL, known: MarketCatalogue) throws(DeclarationError)
        -> [Market]
    {
        var chain: [(file: String, data: Data)] = []
        var next = data
        while chain.count < 4, let like = MarketCatalogue.like(in: next), known.market(code: like) == nil {
            let sibling = folder.appendingPathComponent("\(like.lowercased()).json")
            guard FileManager.default.fileExists(atPath: sibling.path) else { break }
            next = try pack(at: sibling)
            chain.append((sibling.lastPathComponent, next))
        }
        var markets: [Market] = []
        for base in chain.reversed() {
            markets.append(
                try MarketPack.read(
                    json: base.data, file: base.file,
                    folder: BrandFileFolder.directory(folder, limit: MarketPack.maximumAddressFileSize),
                    known: MarketCatalogue(Array(known.markets.values) + markets).markets))
        }
        return markets
    }

    /// What is wrong with a market that reads: its form in the market, its samples.
    static func problems(of market: Market, file: String) -> [String] {
        var problems: [String] = []
        do throws(DefinitionError) {
            let definition = try FormDefinition.standard(for: market)
            _ = definition.makeForm(in: RuleEnvironment(market: market, wallClock: .systemDefault))
        } catch {
            problems.append("\(file): at joinForm: \(error.description)")
        }
        let lookup = market.addresses
        if !lookup.isEmpty {
            let ids = Set(lookup.compactMap(\.id))
            if ids.count != lookup.count {
                problems.append("\(file): at address.addresses: \(lookup.count - ids.count) addresses share an id")
            }
            for address in lookup where !market.postcode.matches(address.postcode) {
                problems.append(
                    "\(file): at address.addresses: \(address.id ?? "an address") has postcode '\(address.postcode)', which the pack's pattern refuses"
                )
                break
            }
        }
        return problems
    }
}
