/// The headers the contract names, spelled once for the app's clients and the sandbox.
public enum WireHeader {
    /// A create-client request's key: a repeat with the same key and the same
    /// request gets the first answer; with another request, 422 `idempotency.mismatch`.
    public static let idempotencyKey = "Idempotency-Key"
    /// The world a request belongs to (a sandbox's worlds); the default world when absent.
    public static let world = "Livery-World"
    /// A driven run's virtual time, ISO 8601 with milliseconds and the world's UTC offset.
    public static let worldTime = "Livery-World-Time"
    /// An answer's delay in a driven world: milliseconds of the run's time
    /// after which the answer counts as arrived, or `never` (a time-out).
    public static let answerAfter = "Livery-Answer-After"
    /// What `Livery-Answer-After` says when the answer never arrives.
    public static let answerNever = "never"
    /// The secret a sandbox started with seeding tokens asks of a peer that
    /// makes, seeds or deletes worlds (a CI runner on another machine).
    public static let seedingToken = "Livery-Seeding-Token"
}
