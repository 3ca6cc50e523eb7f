/// A door that async work waits at until a test opens it: a stand-in for a
/// slow server whose answer the test releases when it chooses.
public actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A closed gate.
    public init() {}

    /// Waits until the gate is open (returns at once if it already is).
    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate: every waiter and every later caller goes through.
    public func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}
