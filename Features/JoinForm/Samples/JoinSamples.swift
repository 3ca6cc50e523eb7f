import AddressLookupFeature
import LiveryCore

/// The steps of the join form a preview can start from.
public enum JoinSample: String, Hashable, Sendable, CaseIterable {
    /// A new form: nothing entered.
    case empty
    /// Page one with wrong details, continue tapped: every error shown, focus on the first (the first name).
    case errorsShown
    /// The second page, empty.
    case accountPage
    /// The address search answered: the suggestion list is open.
    case addressSuggestions
    /// Continue waiting for the username check: inputs disabled, the call to action busy.
    case loading
    /// Sign-up failed: the system alert with "Try again", every value kept.
    case alert
    /// Signed up: the route to the next screen.
    case signedUp
}

extension JoinState {
    /// The join form of `brand` at `sample`'s step, in the brand's words and
    /// with its definition: made by playing the brand's real journey with
    /// canned answers, on services that never leave the process. For a
    /// SwiftUI preview or a snapshot test: no runtime or services needed.
    /// - Throws: ``DefinitionError`` when the brand's form definition cannot be read.
    public static func sample(_ sample: JoinSample, brand: any BrandPlugin) throws(DefinitionError) -> JoinState {
        var journey = try Runtime(brand: brand, services: .canned()).joinJourney()
        journey.play(sample)
        return journey.state
    }
}

extension JoinJourney {
    /// Plays the intents (and answers) that lead to `sample`; the effects
    /// they ask for are not run.
    mutating func play(_ sample: JoinSample) {
        switch sample {
        case .empty:
            return
        case .errorsShown:
            _ = send(.change(.field("title"), "Mx"))
            for (field, text) in [
                ("firstName", ""), ("dateOfBirth", "01012015"), ("email", "alex@example"), ("mobile", "12345"),
            ] {
                type(text, into: FieldName(field))
            }
            _ = send(.continue)
            return
        case .accountPage, .addressSuggestions, .loading, .alert, .signedUp:
            fillDetails()
            _ = send(.continue)
        }
        guard sample != .accountPage else { return }
        searchSampleAddress()
        guard sample != .addressSuggestions else { return }
        chooseSampleAddress()
        type("alex_c", into: "username")
        type("Correct-Horse-9", into: "password")
        _ = send(.chooseDepositLimit(.declined))
        if sample == .loading {
            _ = send(.continue)  // the walk waits for the username check, never answered here
            return
        }
        answerChecks()
        _ = send(.continue)
        let answer: Result<CreatedClient, BackendError> =
            sample == .alert
            ? .failure(.unavailable(reason: "HTTP 503")) : .success(CreatedClient(clientID: "sample-client"))
        _ = receive(JoinFeedback(kind: .signedUp(answer)))
    }

    private mutating func type(_ text: String, into name: FieldName) {
        _ = send(.focus(.field(name)))
        _ = send(.change(.field(name), text))
        _ = send(.unfocus)
    }

    private mutating func fillDetails() {
        _ = send(.change(.field("title"), "Mx"))
        type("Alex", into: "firstName")
        type("Citizen", into: "lastName")
        type("01022000", into: "dateOfBirth")
        type("alex@example.com", into: "email")
        type(model.market.mobile.example, into: "mobile")
    }

    private mutating func searchSampleAddress() {
        guard let name = model.addressName else { return }
        _ = send(.change(.field(name), model.market.address.sampleSearch))
        let suggestions = AddressLookupState.sampleAddresses(in: model.market).map {
            AddressSuggestion(id: $0.id!, text: $0.singleLine)
        }
        if let address = state.address, let answer = AddressLookupFeedback.searchAnswer(suggestions, for: address) {
            _ = receive(JoinFeedback(kind: .address(answer)))
        }
    }

    private mutating func chooseSampleAddress() {
        guard let first = state.address?.suggestions.first,
            let chosen = AddressLookupState.sampleAddresses(in: model.market).first(where: { $0.id == first.id })
        else { return }
        _ = send(.address(.select(id: first.id)))
        if let address = state.address, let answer = AddressLookupFeedback.retrievalAnswer(chosen, for: address) {
            _ = receive(JoinFeedback(kind: .address(answer)))
        }
    }

    /// Answers every pending async check: the username is free.
    private mutating func answerChecks() {
        for name in model.form.names where model.form.isValidating(name) {
            guard let generation = model.form.field(FieldKey<String>(name))?.generation else { continue }
            _ = receive(
                JoinFeedback(
                    kind: .checked(AsyncCheckOutcome(field: name, generation: generation, result: .completed([])))))
        }
    }
}
