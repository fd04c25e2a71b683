import Foundation

/// Seconds since `start`, by the monotonic clock.
func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// The fastest of `count` runs of `body`, in seconds.
func best(of count: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<max(count, 1) {
        let start = DispatchTime.now()
        try body()
        fastest = min(fastest, seconds(since: start))
    }
    return fastest
}
