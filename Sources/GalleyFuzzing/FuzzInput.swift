import Foundation

/// The fuzzer's bytes read as decisions: every harness derives everything it does from them, so an input replays
/// exactly. Reading past the end gives zeros (the smallest choice), never an error.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isExhausted: Bool { position >= bytes.count }

    /// The bytes not read yet.
    public var remaining: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number from two bytes.
    public mutating func word() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    /// A number in `range` (one byte for small ranges, two otherwise).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span <= 256 ? Int(byte()) : Int(word())
        return range.lowerBound + raw % span
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `items` (which must not be empty).
    public mutating func choose<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A length in points: mostly ordinary (0 to 1,000 in quarter points), sometimes hostile (negative, zero, tiny,
    /// huge, infinite, NaN).
    public mutating func length(ordinary: ClosedRange<CGFloat> = 0...1000) -> CGFloat {
        let kind = byte()
        switch kind % 16 {
        case 0: return FuzzInput.hostileLengths[Int(kind / 16) % FuzzInput.hostileLengths.count]
        default:
            let fraction = CGFloat(word()) / CGFloat(UInt16.max)
            return ordinary.lowerBound + fraction * (ordinary.upperBound - ordinary.lowerBound)
        }
    }

    static let hostileLengths: [CGFloat] = [
        0, -1, -1e9, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, 1e-9, 1e17, 1e20, 1e9, 0.5,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 4000, 1e6,
    ]
}
