import BenchmarkForms
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryScenarios
import LiveryTesting
import NedsBrand

// Runs one form workload a given number of times, for instruction counts under
// callgrind (the benchmark harness's malloc interposer trips valgrind):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/release/FormProfile ten-valid 2000
//
// The difference between two iteration counts divided by their difference is
// the cost of one iteration, free of the process's start.

let workloads: [String: @MainActor (Int) async -> Int] = [
    "six-valid": { iterations in sixField(SixFieldForm.valid, iterations) },
    "six-invalid": { iterations in sixField(SixFieldForm.invalid, iterations) },
    "typed-valid": { iterations in typedSixField(TypedSixFieldForm.valid, iterations) },
    "typed-invalid": { iterations in typedSixField(TypedSixFieldForm.invalid, iterations) },
    "typed-baseline": { iterations in
        (0..<iterations).reduce(0) { total, _ in
            total &+ ReflectiveTypedValidator(TypedSixFieldForm.invalid).validateAndRender()
        }
    },
    "ten-valid": { iterations in tenField(TenFieldForm.valid, iterations) },
    "ten-invalid": { iterations in tenField(TenFieldForm.invalid, iterations) },
    "au-valid": { iterations in standard(Inputs.valid, iterations) },
    "au-invalid": { iterations in standard(Inputs.invalid, iterations) },
    "store-date": { iterations in await keystrokes("dateOfBirth", "010220", "0102201", iterations) },
    "store-mobile": { iterations in await keystrokes("mobile", "04123456", "041234567", iterations) },
    "journey": { iterations in await journeys(iterations) },
    "join-form": { iterations in await joinForms(iterations) },
    "scenarios": { iterations in await scenarios(iterations) },
]

/// A journey's store made on one assembled runtime, again and again: the part of a sign-up that builds forms.
@MainActor
func joinForms(_ iterations: Int) async -> Int {
    let runtime = try! await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(EmbeddedWorld())).runtime
    var fields = 0
    for _ in 0..<iterations { fields += (try? runtime.joinForm())?.state.fields.count ?? 0 }
    return fields
}

/// Every brand's scenario files run in one process, as the suite benchmark runs them.
@MainActor
func scenarios(_ iterations: Int) async -> Int {
    let brands = (try? packageBrands()) ?? []
    let composition = try! Composition(brands)
    let runner = ScenarioRunner(composition: composition)
    var passed = 0
    for _ in 0..<iterations {
        for brand in brands.map(\.manifest.id.rawValue) {
            for file in ScenarioLibrary.files(for: brand)
            where (try? await runner.run(file: file, brand: brand))?.passed == true {
                passed += 1
            }
        }
    }
    return passed
}

/// Whole sign-ups on fresh runtimes of neds, as the journey benchmark runs them.
@MainActor
func journeys(_ iterations: Int) async -> Int {
    let composition = try! Composition([NedsBrand.load()])
    var created = 0
    for _ in 0..<iterations {
        if (try? await runJourney(composition, brand: "neds", market: .australia)) != nil { created += 1 }
    }
    return created
}

/// Types or deletes one character in a field shown as invalid, through the journey's store, as the
/// keystroke benchmark does.
@MainActor
func keystrokes(_ field: String, _ shorter: String, _ longer: String, _ iterations: Int) async -> Int {
    let name = FieldName(rawValue: field)
    let runtime = try! await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(EmbeddedWorld())).runtime
    let store = try! runtime.joinForm()
    store.send(.focus(.field(name)))
    store.send(.change(.field(name), shorter))
    store.send(.unfocus)
    store.send(.focus(.field(name)))
    var typing = true
    for _ in 0..<iterations {
        store.send(.change(.field(name), typing ? longer : shorter))
        typing.toggle()
    }
    return store.state.field(name)?.status.kind == .invalid ? 1 : 0
}

func sixField(_ values: [String: String], _ iterations: Int) -> Int {
    var form = SixFieldForm.form(values)
    var total = 0
    for _ in 0..<iterations { total &+= SixFieldForm.validateAndRender(&form) }
    return total
}

func typedSixField(_ values: TypedSixFieldForm.Values, _ iterations: Int) -> Int {
    var form = TypedSixFieldForm.form(values)
    var total = 0
    for _ in 0..<iterations { total &+= TypedSixFieldForm.validateAndRender(&form) }
    return total
}

func tenField(_ values: TenFieldForm.Values, _ iterations: Int) -> Int {
    var form = TenFieldForm.form(values)
    var total = 0
    for _ in 0..<iterations { total &+= TenFieldForm.validateAndRender(&form) }
    return total
}

func standard(_ values: [String: String], _ iterations: Int) -> Int {
    var form = standardForm(values)
    var total = 0
    for _ in 0..<iterations { total &+= form.validateAll().checks.count }
    return total
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let workload = workloads[arguments.first!], let iterations = Int(arguments.last!),
    (0...10_000_000).contains(iterations)
else {
    print("usage: FormProfile <\(workloads.keys.sorted().joined(separator: "|"))> <iterations 0…10000000>")
    exit(2)
}
print(await workload(iterations))
