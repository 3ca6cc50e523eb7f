import Foundation
import JoinFormFeature
import LiveryCore

/// Re-validates a submitted registration with the very rules the brand's
/// form uses — one source of truth — before anything is stored: the brand's
/// ``JoinFormFeature/RegistrationValidator`` (built once per brand), then the
/// username (taken, per the database), then the self-exclusion register where
/// the brand checks it — in the embedded account service's order.
enum RegistrationCheck {
    /// What the payload came to.
    enum Outcome: Equatable, Sendable {
        /// Every field is valid, the username free and the person not on the register.
        case valid
        /// Broken rules (or a taken username), per field.
        case rejected([FieldName: [RuleViolation]])
        /// The applicant is on the self-exclusion register.
        case selfExcluded
    }

    /// Checks `fields` for `brand`; `usernameTaken` is what the database says
    /// of the submitted username; `register` the people to refuse.
    static func check(_ fields: [String: String], for brand: SandboxBrand, usernameTaken: Bool,
                      register: [SelfExcludedPerson]) -> Outcome {
        let validator = brand.validator
        var rejected = validator.violations(in: fields)
        if rejected.isEmpty, usernameTaken {
            rejected[validator.fieldNames.username] = [RegistrationValidator.usernameTaken]
        }
        guard rejected.isEmpty else { return .rejected(rejected) }
        if brand.checksSelfExclusionRegister, validator.isListed(fields, in: register) { return .selfExcluded }
        return .valid
    }
}
