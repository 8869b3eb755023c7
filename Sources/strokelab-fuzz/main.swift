// strokelab-fuzz: fuzzes StrokeLab's trace readers (docs/fuzzing.md).
//
// A normal build is a seeded mutation fuzzer:
//   strokelab-fuzz campaign [--format FORMAT|all] [--executions N] [--seed S] [--findings DIR]
//   strokelab-fuzz corpus DIR        (writes each reader's seed files into DIR/<format>/)
// Built with `-Xswiftc -sanitize=fuzzer -Xswiftc -DSTROKELAB_LIBFUZZER` it is a libFuzzer
// target; the reader is chosen with STROKELAB_FUZZ_FORMAT and every libFuzzer option works:
//   STROKELAB_FUZZ_FORMAT=svc .build-fuzz/release/strokelab-fuzz -runs=1000000 corpus/svc
// Every case must satisfy FuzzHarness.check's contract; a broken one is a crash (libFuzzer
// keeps the input) or, in a campaign, a finding written to --findings and exit status 1.

import Foundation
import StrokeFuzz
import StrokeIO

#if canImport(Glibc)
import Glibc
#endif

/// The reader libFuzzer exercises (STROKELAB_FUZZ_FORMAT).
let fuzzedFormat: TraceFormat? = ProcessInfo.processInfo.environment["STROKELAB_FUZZ_FORMAT"].flatMap(TraceFormat.init(rawValue:))

/// Writes a message to standard error.
func printError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

/// libFuzzer's entry point: one case, checked; a broken contract aborts (a finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let format = fuzzedFormat else {
        printError("strokelab-fuzz: set STROKELAB_FUZZ_FORMAT to one of \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", "))\n")
        exit(2)
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if case .failure(let v) = FuzzHarness.check(bytes, format: format, options: FuzzHarness.options(for: format),
                                                  name: "case.\(format.extensions.first ?? "txt")") {
        printError("strokelab-fuzz: contract broken: \(v)\n")
        abort()
    }
    return 0
}

#if STROKELAB_LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

guard fuzzedFormat != nil else {
    printError("strokelab-fuzz: set STROKELAB_FUZZ_FORMAT to one of \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", "))\n")
    exit(2)
}
var arguments = CommandLine.argc
var vector = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &vector, { fuzzOneInput($0, $1) }))
#else

func usage() -> Never {
    printError("""
        usage: strokelab-fuzz campaign [--format FORMAT|all] [--executions N] [--seed S] [--findings DIR]
               strokelab-fuzz corpus DIR
        FORMAT: \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", "))

        """)
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let mode = args.first else { usage() }
args.removeFirst()

switch mode {
case "corpus":
    guard args.count == 1 else { usage() }
    for format in TraceFormat.allCases {
        let dir = args[0] + "/" + format.rawValue
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (k, seed) in FuzzHarness.seeds(for: format).enumerated() {
            _ = FileManager.default.createFile(atPath: dir + "/seed-\(k)", contents: Data(seed))
        }
        print("wrote \(dir)")
    }
case "campaign":
    var formats = TraceFormat.allCases
    var executions = 100_000
    var seed: UInt64 = 0x5EED_2026
    var findings = "fuzz-findings"
    var i = 0
    while i < args.count {
        guard i + 1 < args.count else { usage() }
        let value = args[i + 1]
        switch args[i] {
        case "--format":
            if value != "all" {
                guard let f = TraceFormat(rawValue: value) else { usage() }
                formats = [f]
            }
        case "--executions": guard let n = Int(value), n > 0 else { usage() }; executions = n
        case "--seed": guard let s = UInt64(value) else { usage() }; seed = s
        case "--findings": findings = value
        default: usage()
        }
        i += 2
    }
    var broken = false
    print("reader           executions   accepted    refused  violations  seconds")
    for format in formats {
        let start = Date()
        let stats = FuzzHarness.campaign(format: format, executions: executions, seed: seed)
        let seconds = Date().timeIntervalSince(start)
        print(format.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)
              + String(format: " %11d %10d %10d %11d %8.1f", stats.executions, stats.accepted, stats.refused, stats.violations.count, seconds))
        if stats.changedAccepted == 0 || stats.changedRefused == 0 {
            print("  note: mutations of the seeds were never \(stats.changedAccepted == 0 ? "accepted" : "refused")")
        }
        for (k, (violation, bytes)) in stats.violations.enumerated() {
            broken = true
            try? FileManager.default.createDirectory(atPath: findings, withIntermediateDirectories: true)
            let path = "\(findings)/\(format.rawValue)-\(k).bin"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            print("  VIOLATION \(violation) → \(path)")
        }
    }
    exit(broken ? 1 : 0)
default:
    usage()
}
#endif
