import LiveryCore

/// The connections a server holds open, at most `limit`, and those waiting
/// in line for one of them to close. Shared by every connection's guard,
/// on whatever event loop it runs.
final class ConnectionSlots: Sendable {
    /// A place in line, to leave it.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: Int
    }

    private struct Waiter: Sendable {
        let ticket: Ticket
        let admit: @Sendable () -> Void
    }

    private struct Line {
        var open = 0
        var waiting: [Waiter] = []
        var issued = 0
    }

    let limit: Int
    private let line = Locked(Line())

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot if one is free (`nil`); otherwise joins the line, and
    /// `admit` is called, on the thread that frees a slot, when this
    /// connection is handed one (the slot is then its own).
    func take(orWait admit: @escaping @Sendable () -> Void) -> Ticket? {
        line.withLock { line in
            guard line.open >= limit else {
                line.open += 1
                return nil
            }
            line.issued += 1
            let ticket = Ticket(number: line.issued)
            line.waiting.append(Waiter(ticket: ticket, admit: admit))
            return ticket
        }
    }

    /// Leaves the line; `false` when a slot was handed over already (its
    /// `admit` has been or is being called, and the slot must be released).
    func leave(_ ticket: Ticket) -> Bool {
        line.withLock { line in
            guard let position = line.waiting.firstIndex(where: { $0.ticket == ticket }) else { return false }
            line.waiting.remove(at: position)
            return true
        }
    }

    /// Gives a slot back: to the first connection in line, or free.
    func release() {
        let next: Waiter? = line.withLock { line in
            guard !line.waiting.isEmpty else {
                line.open -= 1
                return nil
            }
            return line.waiting.removeFirst()
        }
        next?.admit()
    }

    /// How many slots are taken (for tests).
    var openCount: Int { line.withLock { $0.open } }
}
