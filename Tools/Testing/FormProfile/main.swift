import BenchmarkForms
import Foundation
import LiveryCore

// Runs one form workload a given number of times, for instruction counts under
// callgrind (the benchmark harness's malloc interposer trips valgrind):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/release/FormProfile ten-valid 2000
//
// The difference between two iteration counts divided by their difference is
// the cost of one iteration, free of the process's start.

let workloads: [String: (Int) -> Int] = [
    "six-valid": { iterations in sixField(SixFieldForm.valid, iterations) },
    "six-invalid": { iterations in sixField(SixFieldForm.invalid, iterations) },
    "ten-valid": { iterations in tenField(TenFieldForm.valid, iterations) },
    "ten-invalid": { iterations in tenField(TenFieldForm.invalid, iterations) },
    "au-valid": { iterations in standard(Inputs.valid, iterations) },
    "au-invalid": { iterations in standard(Inputs.invalid, iterations) },
]

func sixField(_ values: [String: String], _ iterations: Int) -> Int {
    var form = SixFieldForm.form(values)
    var total = 0
    for _ in 0..<iterations { total &+= SixFieldForm.validateAndRender(&form) }
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
print(workload(iterations))
