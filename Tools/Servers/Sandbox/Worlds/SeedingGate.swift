import Hummingbird
import LiveryWire

/// Who made a world, and so who may seed and delete it: a peer on this
/// machine (a sandbox without seeding tokens), or the holder of one seeding
/// token, kept as the hexadecimal SHA-256 digest of that token.
struct WorldOwner: RawRepresentable, Hashable, Sendable {
    let rawValue: String

    /// A peer on this machine, on a sandbox without seeding tokens.
    static let thisMachine = WorldOwner(rawValue: "")
}

/// Who may make, seed and delete worlds (`POST /sandbox/worlds`,
/// `POST /sandbox/seed`, `DELETE /sandbox/worlds/<id>`).
///
/// Without seeding tokens, peers on this machine only (403 `seed.forbidden`
/// for any other). With tokens (`--seeding-token`), a peer presenting one of
/// them in `Livery-Seeding-Token`, from any address — this machine's
/// included, since a proxy in front of the sandbox makes every peer look
/// local; 403 `seed.forbidden` without one or with another. A world is bound
/// to the token it was made with: seeding or deleting it with another is
/// 403 `world.forbidden`, and no token seeds the default world. Tokens are
/// compared by digest in constant time and never logged.
struct SeedingGate: Sendable {
    static let tokenHeader = HTTPFields.Element.Name(WireHeader.seedingToken)!

    let tokens: TokenDigests

    /// The owner a request acts as.
    /// - Throws: 403 `seed.forbidden` when it may not seed at all.
    func owner(of request: Request, context: SandboxRequestContext) throws(APIError) -> WorldOwner {
        guard !tokens.isEmpty else {
            guard context.isFromLoopback else {
                throw APIError(
                    .forbidden, code: .seedForbidden,
                    message:
                        "only this machine may make or seed worlds here; the sandbox takes no seeding tokens (start it with --seeding-token for other machines)"
                )
            }
            return .thisMachine
        }
        guard let offered = request.headers[Self.tokenHeader], offered.utf8.count <= 512,
            let digest = tokens.match(offered)
        else {
            throw APIError(
                .forbidden, code: .seedForbidden,
                message: request.headers[Self.tokenHeader] == nil
                    ? "this sandbox makes and seeds worlds only for a peer that sends a seeding token in \(WireHeader.seedingToken)"
                    : "the seeding token in \(WireHeader.seedingToken) is not one this sandbox accepts")
        }
        return WorldOwner(rawValue: digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined())
    }

    /// Throws unless `owner` may seed or delete `world`: a world only its
    /// maker; the default world, which every app and run that names no world
    /// shares, only this machine on a sandbox without seeding tokens. On a
    /// sandbox with tokens (a team's) no token holder may change it for the
    /// others: runs seed worlds of their own, and the default world keeps what
    /// the sandbox was started with.
    /// - Throws: 403 `world.forbidden`.
    static func check(_ owner: WorldOwner, mayChange world: SandboxWorld) throws(APIError) {
        if world.id == .standard {
            guard owner != .thisMachine else { return }
            throw APIError(
                .forbidden, code: .worldForbidden,
                message: "the default world is shared by everyone using this sandbox, and one with seeding tokens "
                    + "lets no token seed it; make a world of your own (POST /sandbox/worlds) and name it in "
                    + "\(WireHeader.world)")
        }
        guard world.owner != owner else { return }
        throw APIError(
            .forbidden, code: .worldForbidden,
            message: "\(world.id) was made with another seeding token; only the run that made it may seed or delete it")
    }
}

extension String {
    /// The string with zeros before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
