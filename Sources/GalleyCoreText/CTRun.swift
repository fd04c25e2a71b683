import Foundation
import Galley
import GalleyRendering

/// Core Text: `CTRunStatus`.
public struct CTRunStatus: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt32
    /// A status from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Nothing special.
    public static let noStatus = CTRunStatus([])
    /// Glyphs stored left to right for right-to-left text.
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    /// String indices not in order.
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    /// A text matrix other than the identity.
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// A glyph run of a line: Galley's `Run` as an object, with the storage the `…Ptr` accessors point into (kept as long
/// as the run). Core Text: `CTRun`.
public final class CTRun: @unchecked Sendable {
    /// The run.
    public let run: Run
    /// The line it belongs to (drawing a run needs its line's positions).
    public let line: Line
    private let storage = Locked<Buffers>(Buffers())

    fileprivate struct Buffers {
        var glyphs: UnsafeMutableBufferPointer<CGGlyph>?
        var positions: UnsafeMutableBufferPointer<CGPoint>?
        var advances: UnsafeMutableBufferPointer<CGSize>?
        var indices: UnsafeMutableBufferPointer<CFIndex>?
    }

    init(run: Run, line: Line) {
        self.run = run
        self.line = line
    }

    deinit {
        storage.withLock { buffers in
            buffers.glyphs?.deallocate()
            buffers.positions?.deallocate()
            buffers.advances?.deallocate()
            buffers.indices?.deallocate()
        }
    }

    /// The buffer at `path`, made from `values` on first use.
    fileprivate func buffer<Value>(_ path: WritableKeyPath<Buffers, UnsafeMutableBufferPointer<Value>?>, _ values: () -> [Value])
        -> UnsafePointer<Value>?
    {
        storage.withLock { buffers in
            if buffers[keyPath: path] == nil {
                let array = values()
                let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: max(array.count, 1))
                _ = buffer.initialize(from: array)
                buffers[keyPath: path] = buffer
            }
            return UnsafePointer(buffers[keyPath: path]!.baseAddress)
        }
    }

    /// A Core Text range inside the run as Swift's (length 0: to the end).
    fileprivate func glyphRange(_ range: CFRange) -> Range<Int> {
        let count = run.glyphCount
        let start = min(max(range.location, 0), count)
        return start..<(range.length <= 0 ? count : min(start + range.length, count))
    }
}

/// Core Text: `CTRunGetGlyphCount`.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.run.glyphCount }

/// Every attribute of the run's text as Core Text gives it: under the `kCT…` keys, colours as `CGColor`s and the
/// paragraph style as a `CTParagraphStyle`; the font is the one used, after fallback; other keys as they were given.
/// Core Text: `CTRunGetAttributes`.
public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary {
    var result: [String: Any] = [:]
    for (key, value) in run.run.attributes.dictionary {
        let name = aliases[key]?.rawValue ?? key.rawValue
        switch value {
        case let color as Color: result[name] = CGColor(color)
        case let style as ParagraphStyle: result[name] = CTParagraphStyle(style)
        default: result[name] = value
        }
    }
    result[kCTFontAttributeName as String] = run.run.font
    return result as NSDictionary
}

/// Core Text's key string for each of Galley's keys that has one of its own (`StringAttributes.coreTextAliases`
/// turned round).
private let aliases = Dictionary(StringAttributes.coreTextAliases.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

/// Core Text: `CTRunGetStatus`.
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { CTRunStatus(rawValue: UInt32(run.run.status.rawValue)) }

/// Core Text: `CTRunGetStringRange`.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { CFRange(run.run.stringRange) }

/// Core Text: `CTRunGetTextMatrix`.
public func CTRunGetTextMatrix(_ run: CTRun) -> CGAffineTransform { CGAffineTransform(run.run.textMatrix) }

/// The glyphs, valid as long as the run. Core Text: `CTRunGetGlyphsPtr`.
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { run.buffer(\.glyphs) { run.run.glyphs } }

/// Copies glyphs of `range` (length 0: to the end). Core Text: `CTRunGetGlyphs`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (offset, glyph) in run.run.glyphs(in: run.glyphRange(range)).enumerated() { buffer[offset] = glyph }
}

/// Glyph positions relative to the line's origin, valid as long as the run. Core Text: `CTRunGetPositionsPtr`.
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { run.buffer(\.positions) { run.run.positions } }

/// Core Text: `CTRunGetPositions`.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (offset, position) in run.run.positions(in: run.glyphRange(range)).enumerated() { buffer[offset] = position }
}

/// Core Text: `CTRunGetAdvancesPtr`.
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { run.buffer(\.advances) { run.run.advances } }

/// Core Text: `CTRunGetAdvances`.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (offset, advance) in run.run.advances(in: run.glyphRange(range)).enumerated() { buffer[offset] = advance }
}

/// Core Text: `CTRunGetStringIndicesPtr`.
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? { run.buffer(\.indices) { run.run.stringIndices } }

/// Core Text: `CTRunGetStringIndices`.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (offset, index) in run.run.stringIndices(in: run.glyphRange(range)).enumerated() { buffer[offset] = index }
}

/// The width of `range`, and its ascent, descent and leading. Core Text: `CTRunGetTypographicBounds`.
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let bounds = run.run.typographicBounds(in: run.glyphRange(range))
    ascent?.pointee = bounds.ascent
    descent?.pointee = bounds.descent
    leading?.pointee = bounds.leading
    return Double(bounds.width)
}

/// The ink bounds of `range`, relative to the line's origin. Core Text: `CTRunGetImageBounds`.
public func CTRunGetImageBounds(_ run: CTRun, _ context: CGContext?, _ range: CFRange) -> CGRect {
    run.run.imageBounds(in: run.glyphRange(range))
}

/// Draws `range` of the run's glyphs at the context's text position. Core Text: `CTRunDraw`.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    context.canvas.draw(run.run, in: run.line, range: range.length == 0 && range.location == 0 ? nil : run.glyphRange(range))
}

/// Core Text: `CTRunGetBaseAdvancesAndOrigins`.
public func CTRunGetBaseAdvancesAndOrigins(_ run: CTRun, _ range: CFRange, _ advances: UnsafeMutablePointer<CGSize>?,
                                           _ origins: UnsafeMutablePointer<CGPoint>?) {
    let values = run.run.baseAdvancesAndOrigins(in: run.glyphRange(range))
    for (offset, advance) in values.advances.enumerated() { advances?[offset] = advance }
    for (offset, origin) in values.origins.enumerated() { origins?[offset] = origin }
}
