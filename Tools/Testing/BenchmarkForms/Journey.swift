import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryTesting

/// Drives one full join journey on a fresh runtime of `brand` the way a
/// person would: page one, continue, an address found by search, page two, sign up.
@MainActor
public func runJourney(_ composition: Composition, brand: String, market: Market) async throws -> CreatedClient {
    let world = EmbeddedWorld()
    let journey = try await composition.assemble(brand, on: .embedded(world)).runtime.joinForm()
    func type(_ text: String, into name: FieldName) {
        journey.send(.focus(.field(name)))
        journey.send(.change(.field(name), text))
        journey.send(.unfocus)
    }
    let australian = market == .australia
    journey.send(.change(.field("title"), "Mx"))
    type("Alex", into: "firstName")
    type("Citizen", into: "lastName")
    type("01022000", into: "dateOfBirth")
    type("alex@example.com", into: "email")
    type(australian ? "0412345678" : "0211234567", into: "mobile")
    journey.send(.continue)
    await journey.settle()
    journey.send(.focus(.field("address")))
    journey.send(.change(.field("address"), australian ? "12 Smith St" : "47 Collins Road"))
    await world.clock.advance(by: .milliseconds(300))
    await journey.settle()
    guard let first = journey.state.address?.suggestions.first else { throw JourneyFailure.noAddress }
    journey.send(.address(.select(id: first.id)))
    await journey.settle()
    type("alex_c", into: "username")
    type("Correct-Horse-9", into: "password")
    if australian { journey.send(.chooseDepositLimit(.declined)) }
    journey.send(.continue)
    await journey.settle()
    guard let client = journey.state.createdClient else { throw JourneyFailure.notSignedUp }
    return client
}

public enum JourneyFailure: Error { case noAddress, notSignedUp }
