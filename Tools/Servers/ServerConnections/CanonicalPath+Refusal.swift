import LiveryWire
import ServerInputs

extension CanonicalPath {
    /// The refusal of a target that is not canonical: 400 `path.notCanonical`.
    public static func refusal(of target: String) -> Refusal? {
        problem(in: target).map {
            Refusal(status: 400, reason: "Bad Request", code: .pathNotCanonical, message: $0)
        }
    }
}
