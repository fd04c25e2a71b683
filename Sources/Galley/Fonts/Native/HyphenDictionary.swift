internal import CHyphen
import Foundation

/// Owns one libhyphen `HyphenDict`, loaded from a dictionary file; calls are serialised by a lock (libhyphen
/// keeps no per-call state in the dictionary, but it makes no promise about threads either).
final class HyphenDictionary: @unchecked Sendable {  // every use of `pointer` holds `lock`
    private let pointer: UnsafeMutablePointer<HyphenDict>
    private let lock = Locked(())

    /// Loads a dictionary file; nil when libhyphen cannot read it.
    init?(path: String) {
        guard FileManager.default.isReadableFile(atPath: path), let loaded = hnj_hyphen_load(path) else { return nil }
        pointer = loaded
    }

    deinit { hnj_hyphen_free(pointer) }

    /// Hyphenation points of a lower-case word in the dictionary's encoding (UTF-8 or a single-byte set), as
    /// character counts (a break may come after that many characters; libhyphen counts UTF-8 characters, not
    /// bytes), with at least `leftMinimum` characters before and `rightMinimum` after (the dictionary's own
    /// minimums apply too). Non-standard points (spelling changes at the break) are left out.
    func points(encoded word: [UInt8], leftMinimum: Int, rightMinimum: Int) -> [Int] {
        guard !word.isEmpty else { return [] }
        var hyphens = [CChar](repeating: 0, count: word.count + 5)
        var hyphenated = [CChar](repeating: 0, count: word.count * 2 + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var positions: UnsafeMutablePointer<Int32>? = nil
        var cuts: UnsafeMutablePointer<Int32>? = nil
        // NUL-terminated: besides the length given, libhyphen reads the word with strstr (its NOHYPHEN check), which
        // runs to a terminator (AddressSanitizer caught it reading past the word).
        let terminated = word + [0]
        let status = lock.withLock { _ in
            terminated.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    hnj_hyphen_hyphenate3(
                        pointer, characters.baseAddress, Int32(word.count), &hyphens, &hyphenated, &replacements,
                        &positions, &cuts, Int32(leftMinimum), Int32(rightMinimum), Int32(leftMinimum), Int32(rightMinimum))
                }
            }
        }
        defer {
            if let replacements {
                for index in 0..<word.count { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        var result: [Int] = []
        for index in 0..<(word.count - 1) where hyphens[index] & 1 == 1 {
            if let replacements, replacements[index] != nil { continue }
            result.append(index + 1)
        }
        return result
    }
}
