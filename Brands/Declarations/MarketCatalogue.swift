import Foundation
import LiveryCore
import MarketPacks

/// The markets a process knows, by code: the packs Livery ships
/// (`Brands/Markets/Packs`) and any read from a folder of a team's own.
/// A brand file's `market` names one of them, and an app gets a market for
/// its own code from one: ``shippedMarket(code:)``, or ``market(code:)`` of
/// ``shipped()`` with ``adding(folder:)``. See <doc:Markets>.
public struct MarketCatalogue: Sendable {
    /// The markets, by upper-case code.
    public private(set) var markets: [String: Market]

    /// A catalogue of `markets`.
    public init(_ markets: [Market] = []) {
        self.markets = Dictionary(markets.map { ($0.code, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The market with ISO code `code` (any case), if known.
    public func market(code: String) -> Market? { markets[code.uppercased()] }

    /// The known codes, sorted.
    public var codes: [String] { markets.keys.sorted() }

    /// The most packs one folder holds.
    public static let maximumPacks = 64

    /// The packs Livery ships, each read and checked once per process.
    /// - Throws: ``DeclarationError`` naming a shipped pack that does not read (a broken build).
    public static func shipped() throws(DeclarationError) -> MarketCatalogue {
        var markets: [Market] = []
        for code in try shippedCodes() {
            if let market = try shippedMarket(code: code) { markets.append(market) }
        }
        return MarketCatalogue(markets)
    }

    /// The codes of the packs Livery ships (a pack's file is its code in lower case), sorted.
    /// - Throws: ``DeclarationError`` when the shipped packs are missing.
    public static func shippedCodes() throws(DeclarationError) -> [String] {
        try packFiles(in: try shippedFolder()).map { String($0.dropLast(".json".count)).uppercased() }
    }

    /// The shipped market with code `code` (any case), read and checked the
    /// first time it is asked for (with the market its form starts from), so
    /// a process reads only the packs of the markets it meets.
    /// - Throws: ``DeclarationError`` naming the pack, line and key when it does not read.
    public static func shippedMarket(code: String) throws(DeclarationError) -> Market? {
        let code = code.uppercased()
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        if let known = shippedByCode.withLock({ $0[code] }) { return known }
        let folder = try shippedFolder()
        let file = "\(code.lowercased()).json"
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) else { return nil }
        let data: Data
        do throws(FileInput.Refusal) {
            data = try readPack(file, in: folder)
        } catch {
            throw DeclarationError(file: file, path: "", message: error.description)
        }
        var known: [String: Market] = [:]
        if let like = like(in: data)?.uppercased(), like != code, let base = try shippedMarket(code: like) {
            known[base.code] = base
        }
        let market = try MarketPack.read(
            json: data, file: file, folder: .directory(folder, limit: MarketPack.maximumAddressFileSize), known: known)
        try Self.check(market, isNamedBy: file, data: data)
        return shippedByCode.withLock { markets in
            if let first = markets[code] { return first }
            markets[code] = market
            return market
        }
    }

    /// The shipped markets read so far (at most the few packs shipped), by code.
    private static let shippedByCode = Locked<[String: Market]>([:])

    private static func shippedFolder() throws(DeclarationError) -> URL {
        guard let folder = ShippedMarketPacks.folder else {
            throw DeclarationError(
                file: "Brands/Markets/Packs", path: "", message: "the shipped market packs are missing")
        }
        return folder
    }

    /// This catalogue with every pack (`*.json`) in `folder` added; a pack may
    /// start its form from a market already known or one in the same folder.
    /// - Throws: ``DeclarationError`` naming the first pack that does not read.
    public func adding(folder: URL) throws(DeclarationError) -> MarketCatalogue {
        var packs: [(file: String, data: Data)] = []
        for name in try Self.packFiles(in: folder) {
            do throws(FileInput.Refusal) {
                packs.append((name, try Self.readPack(name, in: folder)))
            } catch {
                throw DeclarationError(file: name, path: "", message: error.description)
            }
        }
        return try adding(packs, folder: .directory(folder, limit: MarketPack.maximumAddressFileSize))
    }

    /// The names of the packs (`*.json`) in `folder`, sorted.
    /// - Throws: ``DeclarationError`` when the folder cannot be listed or holds more than ``maximumPacks``.
    public static func packFiles(in folder: URL) throws(DeclarationError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw DeclarationError(
                file: folder.path, path: "", message: "cannot list the folder: \(error.localizedDescription)")
        }
        guard names.count <= maximumPacks else {
            throw DeclarationError(
                file: folder.path, path: "", message: "\(names.count) packs; a folder holds at most \(maximumPacks)")
        }
        return names
    }

    /// The bytes of the pack `name` in `folder`, at most ``MarketPack/maximumFileSize``.
    public static func readPack(_ name: String, in folder: URL) throws(FileInput.Refusal) -> Data {
        try FileInput.read(
            atPath: folder.appendingPathComponent(name).path, limit: MarketPack.maximumFileSize, kind: "market packs")
    }

    /// This catalogue with the packs `packs` (file name and bytes) added, each
    /// after the pack its `like` market comes from (``readingOrder(_:known:)``).
    /// A pack is found by its file name, so a pack whose `code` is not its file's
    /// name (`gb.json` for GB) is refused, and so are two packs of one code.
    /// - Throws: ``DeclarationError`` naming the first pack that does not read.
    public func adding(_ packs: [(file: String, data: Data)], folder: BrandFileFolder = .unavailable)
        throws(DeclarationError) -> MarketCatalogue
    {
        var catalogue = self
        var added: [String: String] = [:]
        for pack in Self.readingOrder(packs, known: self) {
            let market = try MarketPack.read(json: pack.data, file: pack.file, folder: folder, known: catalogue.markets)
            try Self.check(market, isNamedBy: pack.file, data: pack.data)
            if let first = added[market.code] {
                throw Self.sharedCode(market.code, file: pack.file, with: [first], data: pack.data)
            }
            added[market.code] = pack.file
            catalogue.markets[market.code] = market
        }
        return catalogue
    }

    /// `packs` in the order they can be read: each after the pack of the market its form starts from
    /// (`joinForm.like`) when that pack is among them and not already `known`; the same order whatever the
    /// packs' names. A cycle of `like`s is left in name order at the end, where reading names it.
    public static func readingOrder(_ packs: [(file: String, data: Data)], known: MarketCatalogue = MarketCatalogue())
        -> [(file: String, data: Data)]
    {
        var pending = packs.sorted { $0.file < $1.file }
        var ordered: [(file: String, data: Data)] = []
        var read = Set(known.markets.keys)
        while !pending.isEmpty {
            let codes = Set(pending.compactMap { code(in: $0.data) })
            let ready = pending.filter { pack in
                guard let like = like(in: pack.data)?.uppercased(), !read.contains(like) else { return true }
                return !codes.contains(like) || like == code(in: pack.data)
            }
            guard !ready.isEmpty else { return ordered + pending }
            ordered += ready
            read.formUnion(ready.compactMap { code(in: $0.data) })
            pending.removeAll { pack in ready.contains { $0.file == pack.file } }
        }
        return ordered
    }

    /// Refuses a pack whose code is not its file's name: packs are found by file name (`gb.json` for
    /// GB), so such a pack would be read for a market it is not.
    /// - Throws: ``DeclarationError`` at the pack's `code`, with its line in `data`.
    public static func check(_ market: Market, isNamedBy file: String, data: Data) throws(DeclarationError) {
        let expected = "\(market.code.lowercased()).json"
        guard URL(fileURLWithPath: file).lastPathComponent == expected else {
            throw DeclarationError(
                file: file, path: "code",
                message:
                    "is \(market.code), so the pack's file must be \(expected): markets are found by their file's name"
            ).located(in: data)
        }
    }

    /// The error of a pack (`file`, its text `data`) whose code `code` is also the code of the packs `others`:
    /// one pack a market, or the loader reads one and never the other.
    public static func sharedCode(_ code: String, file: String, with others: [String], data: Data) -> DeclarationError {
        DeclarationError(
            file: file, path: "code",
            message: "\(code) is the code of \(others.joined(separator: ", ")) too; one pack a market"
        ).located(in: data)
    }

    /// The pack's `joinForm.like`, when it has one (a quick look; the reader checks it properly).
    public static func like(in data: Data) -> String? {
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: data),
            case .object(let root) = document,
            case .object(let form)? = root.first(where: { $0.key == "joinForm" })?.value,
            case .string(let like)? = form.first(where: { $0.key == "like" })?.value
        else { return nil }
        return like
    }

    /// The pack's `code` (a quick look).
    static func code(in data: Data) -> String? {
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: data),
            case .object(let root) = document,
            case .string(let code)? = root.first(where: { $0.key == "code" })?.value
        else { return nil }
        return code.uppercased()
    }
}
