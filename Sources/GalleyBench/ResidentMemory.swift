import CHeapStatistics
import Foundation

/// The process's resident set in MiB (/proc/self/statm): what the layout and editing benchmarks report as memory
/// kept. `trimmed`: hand freed heap pages back first (glibc's `malloc_trim`), so that only memory in use counts —
/// else memory freed along the way stays resident and is counted too (the layout benchmark reads it before anything
/// is freed instead).
func residentMiB(trimmed: Bool = false) -> Double {
    if trimmed, let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// The heap bytes in use in MiB (glibc's `mallinfo2`: allocated chunks, their bookkeeping included, and mmap'd
/// blocks): what the laid-out text itself keeps, free of the resident set's page granularity and of freed memory
/// reused.
func heapInUseMiB() -> Double { Double(galley_heap_bytes_in_use()) / 1_048_576 }
