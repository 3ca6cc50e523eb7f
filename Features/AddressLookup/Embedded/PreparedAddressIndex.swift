import Foundation
import LiveryCore

/// The bundled address index in a compact binary form, prepared from the
/// dataset ahead of time (`swift run address-index`), so that loading it
/// reads arrays and strings and tokenises, sorts and parses nothing.
///
/// Layout, little-endian: the magic `LVADDRIX`, a format version (`UInt32`),
/// the number of markets, then per market (in code order) its code, its
/// addresses (each: id, unit, number, street, postcode, then its places as a
/// count byte and pairs of the part's position in `AddressPart.allCases` (a
/// byte) and its text), their one-line texts, the vocabulary, each token's
/// postings, each address's token ids, each address's street-number token,
/// and the typo keys (sorted) with their token ids. Strings are a `UInt32`
/// byte count and UTF-8; an absent optional is the count `0xFFFF_FFFF`;
/// lists are a `UInt32` count and their elements. Every read is checked
/// against the end of the data, so a damaged file is refused with the place
/// it broke, never read out of bounds.
package enum PreparedAddressIndex {
    static let magic = Array("LVADDRIX".utf8)
    static let version: UInt32 = 2
    /// The most markets one index holds.
    static let maximumMarkets = 64
    /// The resource's name and extension in the module's bundle.
    static let resource = (name: "addresses", extension: "index")

    /// The prepared index shipped with the module.
    package static func bundledData() throws(AddressLookupError) -> Data {
        guard let url = Bundle.module.url(forResource: resource.name, withExtension: resource.extension) else {
            throw .unavailable(reason: "the bundled address index is missing")
        }
        do {
            return try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw .unavailable(reason: "the bundled address index cannot be read: \(error.localizedDescription)")
        }
    }

    /// The prepared form of `service`'s indexes.
    package static func encode(_ service: EmbeddedAddressLookupService) -> Data {
        var writer = Writer()
        writer.bytes(magic)
        writer.u32(version)
        let markets = service.marketIndexes.sorted { $0.key < $1.key }
        writer.u32(UInt32(markets.count))
        for (code, index) in markets {
            let parts = index.parts
            writer.string(code)
            writer.u32(UInt32(parts.addresses.count))
            for address in parts.addresses { writer.address(address) }
            for text in parts.texts { writer.string(text) }
            writer.list(parts.vocabulary) { $0.string($1) }
            for list in parts.postings { writer.ids(list) }
            for list in parts.addressTokens { writer.ids(list) }
            for token in parts.streetNumberTokens { writer.u32(UInt32(bitPattern: token)) }
            writer.list(parts.deletions.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer, entry in
                writer.string(entry.key)
                writer.ids(entry.value)
            }
        }
        return Data(writer.data)
    }

    /// The service `data` holds.
    /// - Throws: ``AddressLookupError/unavailable(reason:)`` naming the byte where the data stops making sense.
    package static func load(_ data: Data) throws(AddressLookupError) -> EmbeddedAddressLookupService {
        do {
            return try data.withUnsafeBytes {
                (bytes: UnsafeRawBufferPointer) throws(DamagedIndex) -> EmbeddedAddressLookupService in
                var reader = Reader(bytes: bytes)
                guard try reader.bytes(magic.count).elementsEqual(magic) else {
                    throw reader.damage("not a Livery address index")
                }
                let found = try reader.u32()
                guard found == version else {
                    throw reader.damage("format version \(found), this build reads \(version)")
                }
                var indexes: [String: AddressIndex] = [:]
                for _ in 0..<(try reader.count(atMost: maximumMarkets)) {
                    let code = try reader.string()
                    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                        throw reader.damage("'\(code.prefix(20))' is not a market code")
                    }
                    indexes[code] = AddressIndex(try reader.parts(in: code))
                }
                try reader.expectEnd()
                return EmbeddedAddressLookupService(indexes: indexes)
            }
        } catch let damaged as DamagedIndex {
            throw .unavailable(reason: "the address index is damaged: \(damaged)")
        } catch {
            throw .unavailable(reason: "the address index cannot be read: \(error)")
        }
    }

    /// Where and why prepared data does not read.
    struct DamagedIndex: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "\(reason) (at byte \(offset))" }
    }

    private struct Writer {
        var data: [UInt8] = []

        mutating func bytes(_ bytes: [UInt8]) { data += bytes }

        mutating func u32(_ value: UInt32) {
            withUnsafeBytes(of: value.littleEndian) { data += $0 }
        }

        mutating func string(_ text: String) {
            u32(UInt32(text.utf8.count))
            data += text.utf8
        }

        mutating func optionalString(_ text: String?) {
            if let text { string(text) } else { u32(Reader.absent) }
        }

        mutating func ids(_ ids: [Int32]) {
            u32(UInt32(ids.count))
            for id in ids { u32(UInt32(bitPattern: id)) }
        }

        mutating func list<Element>(_ elements: [Element], _ write: (inout Writer, Element) -> Void) {
            u32(UInt32(elements.count))
            for element in elements { write(&self, element) }
        }

        mutating func address(_ address: PostalAddress) {
            optionalString(address.id)
            optionalString(address.unit)
            string(address.streetNumber)
            string(address.street)
            string(address.postcode)
            let places = address.places.sorted { $0.key.rawValue < $1.key.rawValue }
            data.append(UInt8(places.count))
            for (part, text) in places {
                data.append(UInt8(AddressPart.allCases.firstIndex(of: part) ?? 0))
                string(text)
            }
        }
    }

    private struct Reader {
        static let absent = UInt32.max
        /// The parts by their position, as the writer numbers them.
        static let parts = AddressPart.allCases
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        func damage(_ reason: String) -> DamagedIndex { DamagedIndex(offset: offset, reason: reason) }

        mutating func bytes(_ count: Int) throws(DamagedIndex) -> UnsafeRawBufferPointer {
            guard count >= 0, count <= bytes.count - offset else { throw damage("ends early") }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func u8() throws(DamagedIndex) -> UInt8 { try bytes(1)[0] }

        mutating func u32() throws(DamagedIndex) -> UInt32 {
            UInt32(littleEndian: try bytes(4).loadUnaligned(as: UInt32.self))
        }

        /// A count no larger than `limit`, nor than the bytes left could hold.
        mutating func count(atMost limit: Int = .max) throws(DamagedIndex) -> Int {
            let count = Int(try u32())
            guard count <= limit, count <= bytes.count - offset else {
                throw damage("a count of \(count) is out of range")
            }
            return count
        }

        mutating func string() throws(DamagedIndex) -> String {
            let length = Int(try u32())
            return String(decoding: try bytes(length), as: UTF8.self)
        }

        mutating func optionalString() throws(DamagedIndex) -> String? {
            let length = try u32()
            guard length != Self.absent else { return nil }
            return String(decoding: try bytes(Int(length)), as: UTF8.self)
        }

        /// Token or address ids, each below `bound`.
        mutating func ids(below bound: Int) throws(DamagedIndex) -> [Int32] {
            let count = try count()
            let raw = try bytes(count * 4)
            var outOfRange: Int32?
            let ids = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
                for position in 0..<count {
                    let id = Int32(
                        bitPattern: UInt32(
                            littleEndian: raw.loadUnaligned(fromByteOffset: position * 4, as: UInt32.self)))
                    if id < 0 || Int(id) >= bound, outOfRange == nil { outOfRange = id }
                    buffer[position] = id
                }
                initialized = count
            }
            if let outOfRange { throw damage("id \(outOfRange) is out of range") }
            return ids
        }

        /// An address's parts as stored; its one-line text follows the market's addresses.
        mutating func address() throws(DamagedIndex) -> (
            id: String?, unit: String?, number: String, street: String, postcode: String, places: [AddressPart: String]
        ) {
            let id = try optionalString()
            let unit = try optionalString()
            let number = try string()
            let street = try string()
            let postcode = try string()
            let count = Int(try u8())
            guard count <= AddressPart.places.count else { throw damage("\(count) places; an address has at most 5") }
            var places: [AddressPart: String] = Dictionary(minimumCapacity: count)
            for _ in 0..<count {
                let position = Int(try u8())
                guard position < Self.parts.count, Self.parts[position].isPlace else {
                    throw damage("part \(position) is not a place")
                }
                places[Self.parts[position]] = try string()
            }
            return (id, unit, number, street, postcode, places)
        }

        mutating func parts(in code: String) throws(DamagedIndex) -> AddressIndex.Parts {
            let addressCount = try count()
            var stored:
                [(
                    id: String?, unit: String?, number: String, street: String, postcode: String,
                    places: [AddressPart: String]
                )] = []
            stored.reserveCapacity(addressCount)
            for _ in 0..<addressCount { stored.append(try address()) }
            var texts: [String] = []
            texts.reserveCapacity(addressCount)
            for _ in 0..<addressCount { texts.append(try string()) }
            let addresses = zip(stored, texts).map { address, text in
                PostalAddress(
                    id: address.id, unit: address.unit, streetNumber: address.number, street: address.street,
                    places: address.places, postcode: address.postcode, marketCode: code, singleLine: text)
            }
            let vocabularyCount = try count()
            var vocabulary: [String] = []
            vocabulary.reserveCapacity(vocabularyCount)
            for _ in 0..<vocabularyCount { vocabulary.append(try string()) }
            var postings: [[Int32]] = []
            postings.reserveCapacity(vocabularyCount)
            for _ in 0..<vocabularyCount { postings.append(try ids(below: addressCount)) }
            var addressTokens: [[Int32]] = []
            addressTokens.reserveCapacity(addressCount)
            for _ in 0..<addressCount { addressTokens.append(try ids(below: vocabularyCount)) }
            var streetNumberTokens: [Int32] = []
            streetNumberTokens.reserveCapacity(addressCount)
            for _ in 0..<addressCount {
                let token = Int32(bitPattern: try u32())
                guard token >= -1, Int(token) < vocabularyCount else {
                    throw damage("street number token \(token) is out of range")
                }
                streetNumberTokens.append(token)
            }
            let deletionCount = try count()
            var deletions: [String: [Int32]] = [:]
            deletions.reserveCapacity(deletionCount)
            for _ in 0..<deletionCount {
                let key = try string()
                deletions[key] = try ids(below: vocabularyCount)
            }
            return AddressIndex.Parts(
                addresses: addresses, texts: texts, vocabulary: vocabulary, postings: postings,
                addressTokens: addressTokens, streetNumberTokens: streetNumberTokens, deletions: deletions)
        }

        func expectEnd() throws(DamagedIndex) {
            guard offset == bytes.count else { throw damage("\(bytes.count - offset) bytes follow the index") }
        }
    }
}
