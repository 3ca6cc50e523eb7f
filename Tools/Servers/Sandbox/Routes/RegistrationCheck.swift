import Foundation
import JoinFormFeature
import LiveryCore

/// Re-validates a submitted registration with the very rules the brand's
/// form uses — one source of truth — before anything is stored: the brand's
/// ``JoinFormFeature/RegistrationValidator`` (built once per brand), then
/// whether the person already has an account, then the username (taken, per
/// the database), then the self-exclusion register where the brand checks
/// it — in the embedded account service's order.
enum RegistrationCheck {
    /// What the payload came to.
    enum Outcome: Equatable, Sendable {
        /// Every field is valid, the username free and the person not on the register.
        case valid
        /// Broken rules (or a taken username), per field.
        case rejected([FieldName: [RuleViolation]])
        /// The person already has an account (by email or mobile).
        case accountExists
        /// The applicant is on the self-exclusion register.
        case selfExcluded
    }

    /// Checks `fields` for `brand` in `world`, asking `store` whether the
    /// person has an account, whether the username is taken and whether the
    /// world's register lists them.
    static func check(
        _ fields: [String: String], for brand: SandboxBrand, store: any SandboxStorage,
        world: SandboxWorld
    ) async throws -> Outcome {
        let validator = brand.validator
        let rejected = validator.violations(in: fields)
        guard rejected.isEmpty else { return .rejected(rejected) }
        if try await store.hasAccount(validator.identity(in: fields), brand: brand.id, in: world.id) {
            return .accountExists
        }
        let username = validator.username(in: fields)
        if try await store.isUsernameTaken(username, brand: brand.id, in: world.id) {
            return .rejected([validator.fieldNames.username: [RegistrationValidator.usernameTaken]])
        }
        if brand.checksSelfExclusionRegister,
            validator.isListed(fields, in: try await store.selfExclusionRegister(of: world.id))
        {
            return .selfExcluded
        }
        return .valid
    }
}
