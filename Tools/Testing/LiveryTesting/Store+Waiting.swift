import LiveryCore

extension Store {
    /// The first state, from now on, that satisfies `condition`: the current
    /// one if it does, otherwise the first one published that does. For
    /// waiting on work a test cannot settle yet (an answer held at a gate);
    /// give the test a time limit.
    public func state(where condition: (Machine.State) -> Bool) async -> Machine.State {
        for await state in states() where condition(state) { return state }
        return state
    }
}
