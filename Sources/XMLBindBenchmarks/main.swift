import Foundation

// The benchmark proper is being written; for now the executable writes a workload:
//   XMLBindBenchmarks beans|rss TARGET_BYTES OUT
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let workload = Workload(rawValue: arguments[arguments.startIndex]),
    let target = Double(arguments[arguments.startIndex + 1]), target >= 1
else {
    FileHandle.standardError.write(Data("usage: XMLBindBenchmarks beans|rss TARGET_BYTES OUT\n".utf8))
    exit(64)
}
let bytes = workload.generate(target: Int(target))
do {
    try bytes.write(to: URL(fileURLWithPath: arguments[arguments.startIndex + 2]))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
print("\(bytes.count) bytes")
