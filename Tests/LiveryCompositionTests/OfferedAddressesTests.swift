import BrandDeclarations
import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import AddressLookupFeature
@testable import JoinFormFeature

/// Never refuse what was offered: every address a shipped market's lookup can
/// offer, chosen and sent as the journey sends it, is accepted by the account
/// service's own check of the market's form and stored part by part; and so is
/// every manual address whose parts keep the manual form's own rules.
@Suite("What the lookup offers, or the manual form accepts, is never refused at sign-up")
struct OfferedAddressesTests {
    private static let today = CalendarDay(year: 2026, month: 6, day: 1)!

    /// A registration the market's standard form takes, but for its address.
    private static func details(in market: Market, index: Int) -> [String: String] {
        [
            "title": "Mx", "firstName": "Alex", "lastName": "Citizen", "dateOfBirth": "01/02/2000",
            "email": "alex.\(index)@example.com", "mobile": market.mobile.example, "username": "alex_\(index)",
            "password": "Correct-Horse-9", "depositLimit": "declined", "marketingConsent": "false",
        ]
    }

    private static func service(for market: Market) throws -> EmbeddedAccountBackend {
        EmbeddedAccountBackend(
            definition: try FormDefinition.standard(for: market),
            environment: RuleEnvironment(market: market, wallClock: .fixed(today)))
    }

    @Test(
        "every address of every shipped market's data, as the journey sends it, is accepted and stored part by part",
        arguments: ["AU", "NZ", "GB"])
    func everyOfferedAddress(code: String) async throws {
        let market = try #require(try MarketCatalogue.shipped().market(code: code))
        let addresses = try EmbeddedAddressLookupService.bundled().adding(market.addresses).addresses
            .filter { $0.marketCode == code }
        #expect(addresses.count >= 3, "the market's lookup offers addresses")
        var refused: [String] = []
        for (index, address) in addresses.enumerated() {
            // One person each: a service of its own, so the same mobile number is never another's account.
            let service = try Self.service(for: market)
            let sent = JoinJourney.registrationFields(of: address, prefix: "address")
            let registration = ClientRegistration(
                brand: BrandID(rawValue: "offered")!,
                fields: Self.details(in: market, index: index).merging(sent) { $1 },
                idempotencyKey: "offered-\(index)")
            do {
                let client = try await service.createClient(registration)
                let stored = service.clients.first { $0.id == client.clientID }
                let kept = (stored?.fields ?? [:]).filter { $0.key.hasPrefix("address.") }
                if kept != sent { refused.append("\(address.singleLine): stored \(kept), sent \(sent)") }
            } catch {
                refused.append("\(address.singleLine): \(error)")
            }
        }
        #expect(refused.isEmpty, "\(refused.prefix(5).joined(separator: "\n"))")
    }

    @Test(
        "every manual address whose parts keep the manual form's rules is accepted and stored part by part",
        arguments: ["AU", "NZ", "GB"])
    func everyManualAddress(code: String) async throws {
        let market = try #require(try MarketCatalogue.shipped().market(code: code))
        var generator = SeededGenerator(seed: 61)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ-'")
        var checked = 0
        var refused: [String] = []
        for index in 0..<300 {
            var sent: [String: String] = [:]
            for part in market.address.parts {
                if !part.isRequired, Bool.random(using: &generator) { continue }
                let limit = market.address.maximumLength(of: part.part)
                let length = Int.random(in: 1...limit, using: &generator)
                let value: String
                if let options = part.options {
                    value = options.randomElement(using: &generator)!
                } else if part.part == .postcode {
                    value = market.postcode.example
                } else if part.part == .streetNumber {
                    value = String(String(Int.random(in: 1...9999, using: &generator)).prefix(limit))
                } else {
                    value = String((0..<length).map { _ in letters.randomElement(using: &generator)! })
                        .trimmingCharacters(in: .whitespaces)
                }
                guard !value.isEmpty else { continue }
                let ownRules = part.part.rules(in: market)
                guard ownRules.allSatisfy({ $0.check(value, in: .standalone) == nil }) else { continue }
                sent["address.\(part.part.rawValue)"] = value
            }
            guard market.address.parts.allSatisfy({ !$0.isRequired || sent["address.\($0.part.rawValue)"] != nil })
            else { continue }
            checked += 1
            let service = try Self.service(for: market)
            let registration = ClientRegistration(
                brand: BrandID(rawValue: "manual")!,
                fields: Self.details(in: market, index: index).merging(sent) { $1 },
                idempotencyKey: "manual-\(index)")
            do {
                let client = try await service.createClient(registration)
                let stored = service.clients.first { $0.id == client.clientID }
                let kept = (stored?.fields ?? [:]).filter { $0.key.hasPrefix("address.") }
                if kept != sent { refused.append("stored \(kept), sent \(sent)") }
            } catch {
                refused.append("\(sent): \(error)")
            }
        }
        #expect(checked >= 100, "\(checked) manual addresses drawn that keep their own rules")
        #expect(refused.isEmpty, "\(refused.prefix(5).joined(separator: "\n"))")
    }
}
