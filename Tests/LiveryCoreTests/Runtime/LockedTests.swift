import LiveryCore
import Testing

@Suite("The one lock")
struct LockedTests {
    private struct Refusal: Error, Equatable {}

    @Test("ten thousand increments from eight tasks at once lose none; copies share the value")
    func concurrentIncrements() async {
        let count = Locked(0)
        let copy = count
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_250 { copy.withLock { $0 += 1 } }
                }
            }
        }
        #expect(count.withLock { $0 } == 10_000)
    }

    @Test("a body's typed error comes out as itself, and what it changed before throwing stays changed")
    func typedThrows() {
        let log = Locked<[String]>([])
        #expect(throws: Refusal.self) {
            try log.withLock { (entries) throws(Refusal) in
                entries.append("before")
                throw Refusal()
            }
        }
        #expect(log.withLock { $0 } == ["before"])
        #expect(log.withLock { entries in entries.count } == 1)
    }
}
