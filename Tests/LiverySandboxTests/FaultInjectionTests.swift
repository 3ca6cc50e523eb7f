import LiveryComposition
import LiveryCore
import LiverySandbox
import Testing

@Suite("fault injection")
struct FaultInjectionTests {
    @Test("parses faults and latencies")
    func parses() throws {
        let plan = try FaultPlan.parse(
            faults: ["check-username=500@0.3", "create-client=503", "address=latency 2s"],
            latencies: ["betslip-count=1.5s"])
        #expect(plan.failures[.checkUsername] == FaultPlan.Failure(.status(500), rate: 0.3))
        #expect(plan.failures[.createClient] == FaultPlan.Failure(.status(503)))
        #expect(plan.latencies[.address] == .seconds(2))
        #expect(plan.latencies[.betslipCount] == .milliseconds(1500))
        #expect(
            try FaultPlan.parse(faults: ["create-client=timeout@0.5"]).failures[.createClient]
                == FaultPlan.Failure(.timeout, rate: 0.5))
        #expect(try FaultPlan.parse(faults: plan.specs) == plan, "a plan reads back from its own values")
        let first = try FaultPlan.parse(faults: ["create-client=503@first"])
        #expect(first.failures[.createClient] == FaultPlan.Failure(.status(503), onlyFirst: true))
        #expect(first.specs == ["create-client=503@first"])
        #expect(
            (0..<4).map { first.failure(of: .createClient, draw: $0) } == [.status(503), nil, nil, nil],
            "only the first call fails")
    }

    @Test(
        "a bad value is an error naming the bad part",
        arguments: [
            (["check-usernam=500@0.3"], [String](), "unknown route 'check-usernam'"),
            (["check-username=5xx@0.3"], [], "'5xx' is not an HTTP error status"),
            (["check-username=200"], [], "'200' is not an HTTP error status"),
            (["address=latency soon"], [], "the latency 'soon'"),
            (["address=latency 1e9s"], [], "from 0 to 600s"),
            (["Check-Username=500"], [], "unknown route"), (["check-username=+500"], [], "not an HTTP error status"),
            (["check-username=500@.5"], [], "the rate"), (["address=latency 0200ms"], [], "the latency"),
            (["check-username=500@1.5"], [], "the rate '1.5'"),
            (["check-username"], [], "expected <route>=<status>@<rate>, <route>=timeout"),
            ([], ["address=200"], "needs a unit"),
            ([], ["address=fast ms"], "the latency 'fast ms'"),
        ])
    func rejects(faults: [String], latencies: [String], problem: String) {
        #expect {
            try FaultPlan.parse(faults: faults, latencies: latencies)
        } throws: { error in
            (error as? FaultPlanError)?.description.contains(problem) == true
        }
    }

    @Test("check-username=500@1 answers 500 fault.injected every time; other routes are untouched")
    func alwaysFails() async throws {
        let plan = try FaultPlan.parse(faults: ["check-username=500@1"], latencies: [])
        try await SandboxHarness.run(faults: plan) { sandbox in
            for _ in 0..<3 {
                let answer = try await sandbox.get(
                    "/v2/client/check-username", query: ["brand": "neds", "username": "someone"])
                #expect(answer.status == 500)
                #expect(answer.errorCode == "fault.injected")
            }
            #expect(try await sandbox.get("/v2/registration/config", query: ["brand": "neds"]).status == 200)
        }
    }

    @Test("create-client=timeout answers 504 fault.timeout, which the app's client reads as no answer in time")
    func timeoutFault() async throws {
        let plan = try FaultPlan.parse(faults: ["create-client=timeout"])
        try await SandboxHarness.run(faults: plan) { sandbox in
            let answer = try await sandbox.createClient(fields: Registrations.australian)
            // How long the answer took is not asserted: a loaded machine stretches any request, and the
            // answer being the fault's (not a real time-out's) is what the status and code say.
            #expect(answer.status == 504 && answer.errorCode == "fault.timeout")
            let backend = HTTPAccountBackend(HTTPServiceConfiguration(baseURL: sandbox.baseURL))
            await #expect(throws: BackendError.timedOut) {
                try await backend.createClient(
                    ClientRegistration(
                        brand: BrandID(rawValue: "neds")!, fields: Registrations.australian,
                        idempotencyKey: "timeout-key"))
            }
        }
    }

    @Test("a latency delays the route's answers")
    func latency() async throws {
        let plan = try FaultPlan.parse(faults: [], latencies: ["check-username=250ms"])
        try await SandboxHarness.run(faults: plan) { sandbox in
            let answer = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "someone"])
            #expect(answer.status == 200)
            #expect(answer.elapsed >= .milliseconds(250))
        }
    }

    @Test("the same seed fails the same requests")
    func repeatable() async throws {
        let plan = try FaultPlan.parse(faults: ["check-username=503@0.5"], latencies: [], seed: 42)
        var runs: [[Int]] = []
        for _ in 0..<2 {
            try await SandboxHarness.run(faults: plan) { sandbox in
                var statuses: [Int] = []
                for _ in 0..<20 {
                    statuses.append(
                        try await sandbox.get(
                            "/v2/client/check-username", query: ["brand": "neds", "username": "someone"]
                        ).status)
                }
                runs.append(statuses)
            }
        }
        #expect(runs[0] == runs[1])
        #expect(Set(runs[0]) == [200, 503])
    }
}
