import Foundation

/// For one character-by-character setup (`WordShapes.characterSetup`), the glyph of each BMP character that shapes
/// alone into one glyph without an offset: what `Shaper.appendCharacters` reads first, under one shared lock an item
/// and a few instructions a character, before the word cache (a hash, a lock and a decoding a character). Pages of
/// 256 characters are made as characters are first stored; all tables together keep at most `pageLimit` pages
/// (4 MB), after which they store no more and the word cache answers.
final class CharacterGlyphs: @unchecked Sendable {  // pages are read and written under `lock`
    /// 0 for none; else bit 63 set, bit 62 when the character stands alone only between free ones
    /// (`ShapedWord.CharacterUse.besideFree`), bit 48 HarfBuzz's unsafe-to-break flag, bits 16–47 the advance (a
    /// `Float`'s bits), bits 0–15 the glyph. A character shaped only with its neighbours
    /// (`ShapedWord.CharacterUse.withNeighbours`) has bit 61 alone, and no glyph (`withNeighbours`).
    typealias Entry = UInt64

    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    private var pageCount = 0

    /// The most pages all tables keep at once.
    static let pageLimit = 2048
    private static let pagesInUse = Locked(0)

    init() {
        pages = .allocate(capacity: 256)
        pages.initialize(repeating: nil, count: 256)
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        for index in 0..<256 { pages[index]?.deallocate() }
        pages.deallocate()
        Self.pagesInUse.withLock { $0 -= pageCount }
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// The entries, read while the table is held for reading (between `beginReading` and `endReading`).
    struct Reader {
        fileprivate let pages: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>

        @inline(__always)
        subscript(unit: UInt16) -> Entry {
            guard let page = pages[Int(unit >> 8)] else { return 0 }
            return page[Int(unit & 0xFF)]
        }
    }

    /// Holds the table for reading (other readers may too; stores wait) and gives its reader.
    func beginReading() -> Reader {
        pthread_rwlock_rdlock(lock)
        return Reader(pages: pages)
    }

    /// Lets go of the table held by `beginReading`.
    func endReading() { pthread_rwlock_unlock(lock) }

    /// Keeps entries (an entry already kept stays as it is), as far as the page limit allows.
    func store(_ entries: [(unit: UInt16, entry: Entry)]) {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        for (unit, entry) in entries {
            let pageIndex = Int(unit >> 8)
            if pages[pageIndex] == nil {
                guard Self.pagesInUse.withLock({ count -> Bool in
                    guard count < Self.pageLimit else { return false }
                    count += 1
                    return true
                }) else { continue }
                let page = UnsafeMutablePointer<Entry>.allocate(capacity: 256)
                page.initialize(repeating: 0, count: 256)
                pages[pageIndex] = page
                pageCount += 1
            }
            if pages[pageIndex]![Int(unit & 0xFF)] == 0 { pages[pageIndex]![Int(unit & 0xFF)] = entry }
        }
    }

    /// The entry of a character that has no glyphs of its own: it is shaped with its neighbours (its table says so
    /// without a lookup in the word cache, where a Chinese paragraph's such characters took a lock each).
    static let withNeighbours: Entry = 1 << 61

    /// Whether an entry gives the character's glyph (it is kept, and is not `withNeighbours`): its top bit.
    @inline(__always) static func givesGlyph(_ entry: Entry) -> Bool { Int64(bitPattern: entry) < 0 }

    /// The entry of a glyph.
    static func entry(glyph: Glyph, advance: Float, unsafeToBreak: Bool, besideFree: Bool) -> Entry {
        1 << 63 | (besideFree ? 1 << 62 : 0) | (unsafeToBreak ? 1 << 48 : 0) | Entry(advance.bitPattern) << 16 | Entry(glyph)
    }

    @inline(__always) static func glyph(_ entry: Entry) -> Glyph { Glyph(truncatingIfNeeded: entry) }
    @inline(__always) static func advance(_ entry: Entry) -> Float { Float(bitPattern: UInt32(truncatingIfNeeded: entry >> 16)) }
    @inline(__always) static func isUnsafeToBreak(_ entry: Entry) -> Bool { entry & (1 << 48) != 0 }
    @inline(__always) static func standsBesideFreeOnly(_ entry: Entry) -> Bool { entry & (1 << 62) != 0 }
}
