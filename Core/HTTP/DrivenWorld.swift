import Foundation
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A world on a server that a run drives (a scenario run against the
/// sandbox): every request names it, carries the run's virtual time, and
/// is timed on the run's clock rather than the wall clock.
///
/// With a driven world the server never holds an answer in real time. It
/// answers at once and says, in the `Livery-Answer-After` header, how much of the run's
/// time must pass before the answer counts as arrived (an added latency), or
/// `never` (a time-out). The client waits that long on ``clock``, or until its
/// own deadline on that clock if that comes first: so `wait: 500ms` in a
/// scenario lets a 500 ms answer arrive, on a server exactly as in process,
/// and the run's store sees the call as waiting for time, not as running.
public struct DrivenWorld: Hashable, Sendable {
    /// The world's id on the server.
    public let id: String
    /// The run's clock: deadlines, retry budgets and answer delays run on it.
    public let clock: EngineClock
    /// The run's time as sent (`2026-06-01T09:30:00.000+10:00`).
    public let now: @Sendable () -> String

    /// A driven world `id`, timed on `clock`, its time read by `now`.
    public init(id: String, clock: EngineClock, now: @escaping @Sendable () -> String) {
        self.id = id
        self.clock = clock
        self.now = now
    }

    /// `date` as the time header writes it: ISO 8601 with milliseconds, in `timeZone`.
    public static func timeText(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Two driven worlds are the same world when their ids are.
    public static func == (lhs: DrivenWorld, rhs: DrivenWorld) -> Bool { lhs.id == rhs.id }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The longest a request to a driven world's server may take in real
    /// time: it answers at once, so this only bounds a server that hangs.
    static let realTimeLimit = Duration.seconds(30)

    /// Sends `request` to the world's server and waits, on the run's clock,
    /// until its answer counts as arrived; ``HTTPFailure/timedOut`` when
    /// `timeout` of the run's time passes first.
    public func answer(to request: URLRequest, on session: any HTTPTransport, within timeout: Duration) async throws
        -> (
            Data, URLResponse
        )
    {
        var request = request
        request.setValue(id, forHTTPHeaderField: WireHeader.world)
        request.setValue(now(), forHTTPHeaderField: WireHeader.worldTime)
        let deadline = clock.deadline(after: timeout)
        let (data, response) = try await JSONClient.answer(to: request, on: session, within: Self.realTimeLimit)
        let after = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: WireHeader.answerAfter)
        let due: Duration? =
            switch after {
            case nil: clock.now
            case WireHeader.answerNever?: nil
            case let text?: Int64(text).map { clock.now + .milliseconds(max(0, $0)) } ?? clock.now
            }
        guard let due, due <= deadline else {
            try await sleep(until: deadline)
            throw HTTPFailure.timedOut
        }
        try await sleep(until: due)
        return (data, response)
    }

    private func sleep(until deadline: Duration) async throws {
        do {
            try await clock.sleep(until: deadline)
        } catch {
            throw HTTPFailure.cancelled
        }
    }
}
