import Foundation
import Hummingbird
import LiveryCore
import LiveryWire

/// What a request knows of its world while it is answered: the world, the
/// day its rules take as today, whether a run's clock keeps its time, and
/// (set by a fault) when its answer counts as arrived on that clock.
final class RequestScope: Sendable {
    /// The scope of the request being answered.
    @TaskLocal static var current: RequestScope?

    /// The wall clock the brands' rules read: noon UTC of the request's day
    /// (the run's, or the world's seeded one), or the system's time.
    static let wallClock = WallClock(calendar: WallClock.gregorianUTC) {
        guard let day = current?.day else { return Date() }
        return WallClock.fixed(day).now
    }

    let world: SandboxWorld
    /// The run's day (from its time header), else the world's seeded day, else none (the system's date).
    let day: CalendarDay?
    /// Whether a run drives the world's time: faults then tell the run's
    /// clock when the answer is due instead of holding it in real time.
    let drivesTime: Bool
    /// When the answer counts as arrived (milliseconds, or `never`), once a fault says.
    private let answerAfter = Locked<String?>(nil)

    init(world: SandboxWorld, day: CalendarDay?, drivesTime: Bool) {
        self.world = world
        self.day = day
        self.drivesTime = drivesTime
    }

    /// The answer counts as arrived after `delay` of the run's time; `nil`: never (a time-out).
    func answer(after delay: Duration?) {
        let text = delay.map { String(DurationText.wholeMilliseconds($0)) } ?? WireHeader.answerNever
        answerAfter.withLock { $0 = text }
    }

    /// `response` with the answer's delay, when a fault set one.
    func stamp(_ response: Response) -> Response {
        guard let delay = answerAfter.withLock({ $0 }) else { return response }
        var response = response
        response.headers[WorldMiddleware.answerAfterHeader] = delay
        return response
    }
}

/// Finds each request's world — the one its `Livery-World` header names, or
/// the default world — and answers it inside that world's ``RequestScope``.
/// A world header on a sandbox without seeding is 403 `world.notAllowed`; an
/// unknown world 404 `world.unknown`, an expired one 410 `world.expired`; a
/// `Livery-World-Time` that is not an RFC 3339 time 400 `request.invalid`.
/// A run's time counts only in the run's world: without a world header the
/// default world keeps its own day.
///
/// What is wrong with the request itself comes first: a request no route
/// serves passes by untouched (to be answered 404 or 405), and one without a
/// header its route requires, with an empty world header or a malformed time,
/// is 400 `request.invalid` before any world is looked up.
struct WorldMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    static let worldHeader = HTTPFields.Element.Name(WireHeader.world)!
    static let timeHeader = HTTPFields.Element.Name(WireHeader.worldTime)!
    static let answerAfterHeader = HTTPFields.Element.Name(WireHeader.answerAfter)!

    let services: SandboxServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard !OperationsRoutes.paths.contains(request.uri.path),
            let route = WireRoute.matching(method: request.method.rawValue, path: request.uri.path)
        else { return try await next(request, context) }
        let named = request.headers[Self.worldHeader]
        var context = context
        let scope: RequestScope
        do {
            try Self.checkHeaders(of: request, for: route)
            let runDay = try request.headers[Self.timeHeader].map { time throws(APIError) in
                guard let day = Self.day(ofTime: time) else {
                    throw APIError(
                        .badRequest, code: .requestInvalid,
                        message:
                            "the \(WireHeader.worldTime) header must be an RFC 3339 time such as 2026-06-01T09:30:00.000+10:00"
                    )
                }
                return day
            }
            let world = try await world(named)
            // A run's time belongs to the run's world: the default world keeps its own day.
            let driven = named != nil ? runDay : nil
            scope = RequestScope(world: world, day: driven ?? world.today, drivesTime: driven != nil)
            context.world = world
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as StorageUnavailable {
            return try APIError(error).response(from: request, context: context)
        }
        let response: Response
        do {
            response = try await RequestScope.$current.withValue(scope) { try await next(request, context) }
        } catch let error as APIError {
            response = try error.response(from: request, context: context)
        }
        return scope.stamp(response)
    }

    /// The day of `text` when it is an RFC 3339 time (`2026-06-01T09:30:00.000+10:00`: a date, `T`, a
    /// time (no leap second) with optional fractions of a second, and `Z` or an offset; at most 64 characters), the day
    /// as its own offset counts it; `nil` for anything else (the contract's pattern says the same).
    static func day(ofTime text: String) -> CalendarDay? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 64,
            let day = CalendarDay(iso: String(decoding: bytes[..<10], as: UTF8.self))
        else { return nil }
        func number(_ range: Range<Int>, upTo maximum: Int) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { (0x30...0x39).contains($0) }
                && Int(String(decoding: bytes[range], as: UTF8.self)).map { $0 <= maximum } == true
        }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t")].contains(bytes[10]), number(11..<13, upTo: 23),
            bytes[13] == UInt8(ascii: ":"), number(14..<16, upTo: 59), bytes[16] == UInt8(ascii: ":"),
            number(17..<19, upTo: 59)
        else { return nil }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            let digits = bytes[(index + 1)...].prefix { (0x30...0x39).contains($0) }.count
            guard digits > 0 else { return nil }
            index += 1 + digits
        }
        let zone = bytes[index...]
        if zone.elementsEqual("Z".utf8) || zone.elementsEqual("z".utf8) { return day }
        guard zone.count == 6, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(zone.first!),
            number(index + 1..<index + 3, upTo: 23),
            bytes[index + 3] == UInt8(ascii: ":"), number(index + 4..<index + 6, upTo: 59)
        else { return nil }
        return day
    }

    /// 400 `request.invalid` for a header `route` requires that is missing or blank, or an empty world header.
    private static func checkHeaders(of request: Request, for route: WireRoute) throws(APIError) {
        for name in route.requiredHeaders {
            guard let field = HTTPFields.Element.Name(name),
                request.headers[field]?.contains(where: { !$0.isWhitespace }) == true
            else { throw APIError.missing("the \(name) header") }
        }
        if let named = request.headers[worldHeader], named.isEmpty {
            throw APIError(.badRequest, code: .requestInvalid, message: "the \(WireHeader.world) header is empty")
        }
    }

    private func world(_ named: String?) async throws -> SandboxWorld {
        guard let named else { return try await services.worlds.world(.standard) }
        guard services.allowsWorlds else {
            throw APIError(
                .forbidden, code: .worldNotAllowed,
                message: "this sandbox serves only its default world; start it with --allow-seeding to use worlds")
        }
        guard named.utf8.count <= 64 else {
            throw APIError(.badRequest, code: .requestInvalid, message: "the world id is too long")
        }
        do {
            return try await services.worlds.world(WorldID(rawValue: named))
        } catch let error as APIError {
            await services.sweepWorlds()
            throw error
        }
    }
}
