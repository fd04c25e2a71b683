import Foundation
import GalleyFuzzing

// galley-fuzz TARGET [libFuzzer options] [CORPUS…]
//
// Built by `make fuzz` with `-sanitize=fuzzer,address` and `-DGALLEY_LIBFUZZER`, the program hands itself to
// libFuzzer (`LLVMFuzzerRunDriver`) over the harness named by the first argument, taken out of the arguments
// libFuzzer reads. Built without them (as
// `swift build` does), the program replays the files and folders it is given through the harness once each: the
// way to reproduce a crash file in a debug build.

/// The target named by a first argument, or nil (with the usage printed).
func target(named name: String?) -> FuzzTarget? {
    if let name, let target = FuzzTarget(rawValue: name) { return target }
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: galley-fuzz TARGET [libFuzzer options] [CORPUS…]; targets: \(names)\n".utf8))
    return nil
}

/// Runs a harness on one input; a wrong answer ends the process as a crash would, with its description.
func runOne(_ target: FuzzTarget, _ bytes: [UInt8]) {
    do {
        try target.run(bytes)
    } catch {
        FileHandle.standardError.write(Data("galley-fuzz \(target.rawValue): wrong answer: \(error)\n".utf8))
        abort()
    }
}

#if GALLEY_LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

nonisolated(unsafe) var fuzzedTarget = FuzzTarget.lines

/// libFuzzer's entry for one input (also what its own `main` would call).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runOne(fuzzedTarget, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// Hands the process to libFuzzer with `arguments` (the target's name taken out: the rest are libFuzzer's).
func runDriver(_ arguments: [String]) -> Int32 {
    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var argc = Int32(arguments.count)
    return cArguments.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput)
    }
}

guard let chosen = target(named: CommandLine.arguments.dropFirst().first) else { exit(2) }
fuzzedTarget = chosen
FuzzTarget.prepare()
exit(runDriver([CommandLine.arguments[0]] + CommandLine.arguments.dropFirst(2)))
#else
guard let replayed = target(named: CommandLine.arguments.dropFirst().first) else { exit(2) }
var count = 0
for path in CommandLine.arguments.dropFirst(2) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    let files = isDirectory.boolValue
        ? (try FileManager.default.contentsOfDirectory(atPath: path)).sorted().map { path + "/" + $0 } : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        // GALLEY_FUZZ_VERBOSE=1 names each input before running it (for a crash that needs the inputs before it).
        if ProcessInfo.processInfo.environment["GALLEY_FUZZ_VERBOSE"] != nil { FileHandle.standardError.write(Data("\(count) \(file)\n".utf8)) }
        runOne(replayed, Array(data))
        count += 1
    }
}
print("galley-fuzz \(replayed.rawValue): \(count) inputs replayed without a crash or a wrong answer")
#endif
