import Foundation
import Galley

/// Lays out a text storage's paragraphs into a chain of text containers, lazily and incrementally.
///
/// Each paragraph is shaped once by a framesetter of its own and filled into the containers as one or more
/// frames (a paragraph may continue from one container into the next). An edit reshapes only the paragraphs it
/// touches; below them, paragraphs whose flow position (container, depth, line count, spacing above) is unchanged
/// keep their layout as it was, and in containers without exclusions paragraphs that only moved up or down keep
/// their lines and move. Layout is contiguous from the start and made on demand: the queries lay out as far as they
/// need (`ensureLayout`), never the whole text unless asked.
///
/// Paragraphs here are Galley's (ended by LF, CR, CRLF, NEL or U+2029), so the lines are the ones a `Framesetter`
/// would make for the whole text in the same rectangle: spacing before and after paragraphs, line spacing and
/// leading included.
///
/// TextKit: `NSLayoutManager` (TextKit 1), with TextKit 2's paragraph-granular layout fragments.
public final class LayoutManager: TextStorageObserver {
    /// The text laid out. TextKit: `textStorage`.
    public let textStorage: TextStorage
    /// The containers text flows through, in order. TextKit: `textContainers`.
    public private(set) var textContainers: [TextContainer]
    /// Hooks into layout (break vetoes, spacing, control characters); held weakly. Setting it shapes the text again.
    /// TextKit: `delegate`.
    public weak var delegate: LayoutManagerDelegate? {
        didSet { rebuildParagraphs() }
    }
    /// Options for every paragraph's typesetter (language for hyphenation, forced direction).
    public let typesetterOptions: TypesetterOptions
    /// The font for text without one.
    public let defaultFont: Font?

    /// One paragraph of the storage: its length (separator included), its style, and its shaping once layout
    /// has needed it.
    struct Paragraph {
        var length: Int
        var style: ParagraphStyle
        let state: ParagraphState
    }

    /// What the paragraph tree sums: the paragraphs' UTF-16 length and their number.
    struct ParagraphSpan: TreeSummary {
        var length = 0
        var count = 0
        static let zero = ParagraphSpan()
        static func + (left: ParagraphSpan, right: ParagraphSpan) -> ParagraphSpan {
            ParagraphSpan(length: left.length + right.length, count: left.count + right.count)
        }
    }

    /// Where the flow stands before a paragraph: what its layout depends on.
    struct FlowPosition: Equatable {
        var container: Int
        /// Depth below the container's top (y down) where the previous text ended.
        var depth: CGFloat
        /// Lines already in the container.
        var lines: Int
        /// Space the previous paragraph leaves before the next line (its last line's gap and its paragraph spacing).
        var gap: CGFloat

        static let start = FlowPosition(container: 0, depth: 0, lines: 0, gap: 0)
    }

    /// A paragraph's part in one container: a frame of its own framesetter (string indices local to the paragraph).
    struct Placement {
        var container: Int
        /// The depth of the frame's box top in the container.
        var top: CGFloat
        /// The frame, behind one reference: a long paragraph has a placement a piece, and an edit copies them all.
        private let box: FrameBox
        /// (Read in place: a copy would retain each of the frame's arrays.)
        var frame: Frame { _read { yield box.frame } }
        /// Its number in its paragraph (`ParagraphState.generation`): its line fragments are cached under it, and
        /// hold while the placement only moves.
        var generation: Int
        /// Where its frame's text starts in the paragraph: 0, but for the pieces of a long paragraph after its first
        /// (each a frame of its own framesetter, string indices counted from the piece's start).
        var offset = 0

        init(container: Int, top: CGFloat, frame: Frame, generation: Int, offset: Int = 0) {
            self.container = container
            self.top = top
            box = FrameBox(frame)
            self.generation = generation
            self.offset = offset
            lineCount = frame.lines.count
            boxHeight = frame.bounds.height
            firstFragmentMaxY = frame.lineFragments.first?.maxY ?? boxHeight
        }

        private final class FrameBox {
            let frame: Frame
            init(_ frame: Frame) { self.frame = frame }
        }

        /// How many lines the frame has (kept beside it, as the two below are: an edit in a long paragraph sums the
        /// lines of the pieces before it).
        let lineCount: Int
        /// The height of the frame's box: line origins are relative to its bottom. (This and the first fragment's
        /// top are kept beside the frame: searches for the paragraph at a depth read them from many paragraphs,
        /// cold in memory, and reaching them through the frame cost three cache misses each.)
        let boxHeight: CGFloat
        /// The top of the frame's first line fragment (y up from the box's bottom; the box's top without lines).
        private let firstFragmentMaxY: CGFloat

        /// The depth of the top of the frame's first line fragment.
        var firstLineTop: CGFloat { firstLineTop(movedBy: 0) }

        /// The same for the placement moved down by `depth` (computed as moving it first would).
        func firstLineTop(movedBy depth: CGFloat) -> CGFloat { top + depth + boxHeight - firstFragmentMaxY }
    }

    /// The layout of one paragraph: where it started, its frames, and where it left the flow.
    struct ParagraphLayout {
        var start: FlowPosition
        var placements: [Placement]
        var end: FlowPosition
        /// Whether every character of the paragraph is shown (else the containers ran out or a line limit cut it).
        var isComplete: Bool
        /// Whether this is only a share of an estimate (non-contiguous layout): no placements, and positions that
        /// move once the paragraphs before it are laid out.
        var isEstimated = false
        /// Whether the placements hold only the paragraph's first pieces, and its end is an estimate for the rest
        /// (non-contiguous layout of a long paragraph in pieces, as far as a viewport reached: `layOutInPieces`).
        /// Laid out on as far as the next viewport reaches, and to its end when anything else asks for it.
        var isPartial = false
    }

    /// The paragraphs, summed by length and number: a paragraph's start and the paragraph holding an offset are
    /// found in O(log n), and an edit replaces its paragraphs without moving the others. Paragraphs nothing has
    /// asked about stay in unsplit blocks (`LayoutManager+Paragraphs.swift`).
    var paragraphs = SummedTree<ParagraphBlock>()
    /// Layouts of paragraphs 0..<layouts.count (contiguous from the start), in a height map.
    var layouts = ParagraphLayouts() {
        didSet { glyphStarts = nil }
    }
    /// Where each laid-out paragraph's glyphs start in the glyph stream (built on the first glyph question after a
    /// layout change).
    var glyphStarts: [Int]? = nil

    /// The paragraphs whose line fragments are cached, in a ring (held weakly: an edit drops paragraphs): a
    /// bounded number, so that queries over a long document keep the fragments of what is on screen, not of
    /// everything ever shown.
    var statesWithFragments: [WeakParagraphState] = []
    /// The paragraphs' attribute boxes, shared by those with the same attributes.
    let attributeBoxes = AttributeBoxes()
    /// The last container a frame was laid out in, with its frame path (`framePath(of:)`).
    private var framePathCache: (container: TextContainer, path: Path)? = nil

    /// The path frames in `container` fill, made once while the container stays as it is: every frame keeps its
    /// path, and one path shared by all frames saved a short paragraph's layout 480 bytes, an eighth of it.
    func framePath(of container: TextContainer) -> Path {
        if let cached = framePathCache, cached.container == container { return cached.path }
        let path = container.framePath
        framePathCache = (container, path)
        return path
    }
    /// The ring's slot the next paragraph to make its fragments takes.
    var nextFragmentSlot = 0
    struct WeakParagraphState { weak var state: ParagraphState? }
    static let fragmentCacheParagraphs = 64

    /// Whether layout may skip text it was not asked for, giving it estimated heights instead (in a growing,
    /// simple rectangular container without line limit: a scrolling text view); see `layoutViewport`. A long
    /// paragraph laid out in pieces may then be laid out in part, as far as a viewport reached. Off by
    /// default: layout is then contiguous from the start. Turning it off drops the layout. A text with a form feed
    /// is laid out contiguously (the container ends at it). Other paragraphs that end what the container shows — a
    /// truncating paragraph style, a line taller than the container, a delegate's container break — hide the text
    /// after them only once layout reaches them (Galley cannot know before laying out everything above); until
    /// then a viewport below them shows that text. TextKit: `allowsNonContiguousLayout`.
    public var allowsNonContiguousLayout = false {
        didSet { if !allowsNonContiguousLayout, hasNonContiguousLayout { layouts.removeAll() } }
    }

    /// Whether lines add their fonts' line gap (hhea/OS/2 leading) below them, as TextKit does by default.
    /// TextKit: `usesFontLeading`.
    public var usesFontLeading = true {
        didSet { if usesFontLeading != oldValue { invalidateLayout() } }
    }

    /// Whether spaces, tabs and line ends are shown as glyphs (· → ¶, in the text's font when it has them): what an
    /// editor's "show invisibles" draws. The symbols take their own widths, so lines may break a little differently.
    /// TextKit: `showsInvisibleCharacters`.
    public var showsInvisibleCharacters = false {
        didSet { if showsInvisibleCharacters != oldValue { invalidateGlyphs() } }
    }

    /// Whether other control characters (C0 controls, DEL) are shown, as Unicode's control pictures (␀ ␛ ␡), where
    /// the font has them. TextKit: `showsControlCharacters`.
    public var showsControlCharacters = false {
        didSet { if showsControlCharacters != oldValue { invalidateGlyphs() } }
    }

    /// Whether some paragraphs have only estimated heights now. TextKit: `hasNonContiguousLayout`.
    public var hasNonContiguousLayout: Bool { layouts.estimatedCount > 0 || layouts.partialCount > 0 }

    /// What the paragraphs laid out so far measured (characters and height), for estimates of the others.
    var measured = (characters: 0, height: CGFloat(0))

    /// Counters for tests and benchmarks: paragraphs shaped, laid out, and moved without new layout.
    public internal(set) var statistics = Statistics()
    /// Attributes kept beside the text for drawing (`setTemporaryAttributes`): nil until the first is set.
    var temporaryAttributeStore: TemporaryAttributes?

    /// How much work layout has done. Galley only.
    public struct Statistics: Hashable, Sendable {
        /// Paragraphs given a new framesetter (itemized and shaped).
        public var paragraphsShaped = 0
        /// Paragraph frames filled with lines.
        public var paragraphsLaidOut = 0
        /// Paragraphs whose lines were kept and only moved.
        public var paragraphsMoved = 0
        /// Lines of edited paragraphs that ended where they did before the edit without being broken again (the
        /// lines before the first changed one).
        public var linesKept = 0
    }

    /// A layout manager over a storage, with containers (add more later). It observes the storage.
    ///
    /// - Parameters:
    ///   - textStorage: the text; the layout manager observes its edits.
    ///   - textContainers: the containers text flows through, in order.
    ///   - typesetterOptions: bidi and script options for every paragraph.
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    ///
    /// TextKit: `NSLayoutManager()` + `NSTextStorage.addLayoutManager(_:)` + `addTextContainer(_:)`.
    public init(textStorage: TextStorage, textContainers: [TextContainer] = [], typesetterOptions: TypesetterOptions = TypesetterOptions(),
                defaultFont: Font? = nil) {
        self.textStorage = textStorage
        self.textContainers = textContainers
        self.typesetterOptions = typesetterOptions
        self.defaultFont = defaultFont
        rebuildParagraphs()
        textStorage.addObserver(self)
    }

    // MARK: Containers

    /// Appends a container; text that did not fit flows into it. TextKit: `addTextContainer(_:)`.
    public func addTextContainer(_ container: TextContainer) {
        textContainers.append(container)
        invalidateLayout(fromContainer: textContainers.count - 1)
    }

    /// Inserts a container. TextKit: `insertTextContainer(_:at:)`.
    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        let index = min(max(index, 0), textContainers.count)
        textContainers.insert(container, at: index)
        invalidateLayout(fromContainer: index)
    }

    /// Removes a container. TextKit: `removeTextContainer(at:)`.
    public func removeTextContainer(at index: Int) {
        guard textContainers.indices.contains(index) else { return }
        textContainers.remove(at: index)
        invalidateLayout(fromContainer: index)
    }

    /// Replaces a container (a new size, new exclusions). TextKit: `textContainerChangedGeometry(_:)`.
    public func setTextContainer(_ container: TextContainer, at index: Int) {
        guard textContainers.indices.contains(index) else { return }
        textContainers[index] = container
        invalidateLayout(fromContainer: index)
    }

    /// Drops the layout of every paragraph that reaches container `index` or later.
    private func invalidateLayout(fromContainer index: Int) {
        let keep = layouts.firstIndex { layout in
            layout.start.container >= index || layout.placements.contains { $0.container >= index } || !layout.isComplete
        } ?? layouts.count
        layouts.removeSubrange(keep...)
    }

    /// Drops all layout (shaping is kept). TextKit: `invalidateLayout(forCharacterRange:actualCharacterRange:)`.
    public func invalidateLayout() {
        layouts.removeAll()
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    // MARK: Paragraphs

    /// The number of paragraphs (at least one: an empty text has one empty paragraph).
    public var numberOfParagraphs: Int { paragraphs.summary.count }

    /// The UTF-16 range of paragraph `index`, separator included.
    public func paragraphRange(at index: Int) -> Range<Int> {
        guard index >= 0, index < numberOfParagraphs else { return textStorage.length..<textStorage.length }
        let (paragraph, start) = paragraphAndStart(index)
        return start..<(start + paragraph.length)
    }

    /// The range of paragraph `index` without its separator (LF, CR, CR LF, NEL, U+2029). TextKit 2:
    /// `NSTextParagraph.paragraphContentRange`.
    public func paragraphContentRange(at index: Int) -> Range<Int> {
        let range = paragraphRange(at: index)
        return range.lowerBound..<(range.upperBound - separatorLength(endingAt: range.upperBound, from: range.lowerBound))
    }

    /// How many UTF-16 units of paragraph break end the text at `end` (0, 1, or 2 for CR LF), looking no further
    /// back than `start`: a separator, or any control character the delegate makes a paragraph break.
    func separatorLength(endingAt end: Int, from start: Int) -> Int {
        guard end > start else { return 0 }
        if end - 1 > start, textStorage.units(in: (end - 2)..<end) == [0x0D, 0x0A], action(at: end - 2) == .paragraphBreak { return 2 }
        return action(at: end - 1) == .paragraphBreak ? 1 : 0
    }

    /// What the character at a storage offset does: nil for characters that are not controls, else the default
    /// action as the delegate changes it. The LF of a CR LF is not asked about when its CR breaks the paragraph.
    func action(at index: Int) -> ControlCharacterAction? {
        guard index >= 0, index < textStorage.length else { return nil }
        let unit = textStorage.units(in: index..<(index + 1))[0]
        if unit == 0x0A, index > 0, textStorage.units(in: (index - 1)..<index) == [0x0D], action(at: index - 1) == .paragraphBreak {
            return .paragraphBreak
        }
        return action(for: unit, at: index)
    }

    /// The action of control character `unit` at storage offset `index` (nil for other characters).
    private func action(for unit: UInt16, at index: Int) -> ControlCharacterAction? {
        let standard: ControlCharacterAction
        switch unit {
        case _ where CharacterClasses.endsParagraph(unit): standard = .paragraphBreak
        case 0x09: standard = .horizontalTab
        case 0x0C: standard = .containerBreak
        case 0x2028, 0x0B: standard = .lineBreak  // U+2028 and VT: mandatory breaks that do not end the paragraph
        case 0x00...0x1F, 0x7F...0x9F: standard = .zeroAdvancement
        default: return nil
        }
        return delegate?.layoutManager(self, shouldUse: standard, forControlCharacterAt: index) ?? standard
    }

    /// The paragraphs of the storage's `range` as `ParagraphBoundaries` finds them in its units, found from the rope's
    /// separators: only the units at each break are read. For regions without a delegate, whose breaks are the
    /// separators.
    private func separatorRanges(_ range: Range<Int>) -> [Range<Int>] {
        let base = range.lowerBound
        return ParagraphBoundaries.ranges(count: range.count, separator: { from in
            textStorage.firstSeparator(from: base + from).map { min($0 - base, range.count) } ?? range.count
        }, unit: { textStorage.units(in: (base + $0)..<(base + $0 + 1))[0] }).map { (base + $0.lowerBound)..<(base + $0.upperBound) }
    }

    /// The layout paragraphs of `units` (storage offsets from `start`), each with its break: separators, unless the
    /// delegate says otherwise, and controls the delegate makes paragraph breaks. One empty range for empty text.
    func paragraphRanges(_ units: [UInt16], start: Int) -> [Range<Int>] {
        guard delegate != nil else { return ParagraphBoundaries.ranges(units).map { ($0.lowerBound + start)..<($0.upperBound + start) } }
        var ranges: [Range<Int>] = []
        var paragraphStart = 0
        var index = 0
        while index < units.count {
            let unit = units[index]
            guard CharacterClasses.isLayoutControl(unit),
                action(for: unit, at: start + index) == .paragraphBreak
            else {
                index += 1
                continue
            }
            var end = index + 1
            if unit == 0x0D, end < units.count, units[end] == 0x0A { end += 1 }
            ranges.append((start + paragraphStart)..<(start + end))
            paragraphStart = end
            index = end
        }
        if paragraphStart < units.count || ranges.isEmpty { ranges.append((start + paragraphStart)..<(start + units.count)) }
        return ranges
    }

    /// The index of the paragraph holding UTF-16 offset `index` (the last paragraph for the text's end).
    public func paragraphIndex(containing index: Int) -> Int {
        // The first paragraph reaching past the offset; the last one (which alone may be empty) for the text's end.
        // (During an edit the storage is already longer or shorter than the paragraphs describe; the edit's
        // neighbourhood is split out first.)
        guard let (block, before) = paragraphs.first(where: { $0.length > index }) else { return max(numberOfParagraphs - 1, 0) }
        let found = paragraphs[block]
        guard found.isUnsplit else { return before.count }
        let count = found.summary.count
        // Unsplit blocks agree with the rope's paragraph numbers.
        return min(max(textStorage.paragraphsEnded(before: index), before.count), before.count + count - 1)
    }

    /// A paragraph of the storage's `range`, not yet shaped.
    func makeParagraph(_ range: Range<Int>) -> Paragraph {
        let style = range.isEmpty ? nil : textStorage.attributes(at: range.lowerBound).attributes[.paragraphStyle] as? ParagraphStyle
        return Paragraph(length: range.count, style: style ?? .default, state: ParagraphState(start: range.lowerBound, manager: self))
    }

    /// A paragraph's framesetter, the paragraph (at storage offset `start`) shaped first if nothing has needed it.
    private func framesetter(of paragraph: Paragraph, start: Int) -> Framesetter {
        paragraph.state.framesetter ?? shape(paragraph, start: start)
    }

    /// Shapes a paragraph that starts at storage offset `start`: straight from the storage's units and runs, no
    /// NSAttributedString in between. Its state keeps the framesetter and the container breaks.
    @discardableResult
    /// `reusing` and `replacing`: the paragraph's typesetter before an edit of `replacing.range` (offsets in the
    /// paragraph) by `replacing.length` units, whose glyphs away from the edit are copied (Galley's `ShapingReuse`).
    private func shape(_ paragraph: Paragraph, start: Int, reusing previous: Typesetter? = nil,
                       replacing edit: (range: Range<Int>, length: Int)? = nil) -> Framesetter {
        statistics.paragraphsShaped += 1
        let range = start..<(start + paragraph.length)
        let runs = textStorage.attributeRuns(in: range)
        let units = textStorage.units(in: range)
        // Held weakly by the veto: the state holds the typesetter, which holds the veto. Without a delegate there is
        // none (setting one shapes every paragraph again), and breaking takes its fast path.
        let origin = paragraph.state
        let veto: (@Sendable (Int, Bool) -> Bool)? = delegate == nil ? nil : { @Sendable [weak origin] index, hyphenating in
            origin?.shouldBreak(before: index, hyphenating: hyphenating) ?? true
        }
        // Without a delegate a form feed is the one container break (the standard actions).
        // (The delegate, a weak reference, read once: not for every unit.)
        let hasDelegate = delegate != nil
        paragraph.state.containerBreaks = units.indices.filter {
            hasDelegate ? CharacterClasses.isLayoutControl(units[$0]) && action(at: range.lowerBound + $0) == .containerBreak
                : units[$0] == 0x0C
        }.map { $0 + 1 }
        var options = typesetterOptions
        if hasDelegate || showsInvisibleCharacters || showsControlCharacters {
            options.glyphGenerator = GlyphGenerator { [weak origin] glyphs, properties, advances, indexes, font in
                origin?.generateGlyphs(&glyphs, &properties, &advances, indexes, font)
            }
        }
        let typesetter = Typesetter(units: units, runs: runs, options: options, defaultFont: defaultFont,
                                    controlCharacterRoles: controlCharacterRoles(units, start: range.lowerBound),
                                    shouldBreak: veto, reusing: previous, replacing: edit, attributeBoxes: attributeBoxes)
        let framesetter = Framesetter(typesetter: typesetter)
        paragraph.state.framesetter = framesetter
        return framesetter
    }

    /// What the delegate makes of the controls of `units` (storage offsets from `start`), as the typesetter's roles,
    /// keyed by offset in `units`: none without a delegate, and none for a separator that ends the paragraph anyway.
    /// A container break ends the line for the typesetter; ending the container is this layer's (`containerBreaks`).
    private func controlCharacterRoles(_ units: [UInt16], start: Int) -> [Int: ControlCharacterRole] {
        guard delegate != nil else { return [:] }
        var roles: [Int: ControlCharacterRole] = [:]
        for (offset, unit) in units.enumerated() {
            // The LF of a CR LF that breaks the paragraph goes with its CR.
            if unit == 0x0A, offset > 0, units[offset - 1] == 0x0D, roles[offset - 1] == nil { continue }
            guard let action = action(for: unit, at: start + offset) else { continue }
            switch action {
            case .paragraphBreak where CharacterClasses.endsParagraph(unit): continue
            case .paragraphBreak: roles[offset] = .paragraphBreak
            case .zeroAdvancement: roles[offset] = .zeroAdvancement
            case .whitespace: roles[offset] = .whitespace
            case .horizontalTab: roles[offset] = .horizontalTab
            case .lineBreak, .containerBreak: roles[offset] = .lineBreak
            }
        }
        return roles
    }

    /// Shapes every paragraph again (after the delegate's control-character answers change) and drops the layout.
    /// TextKit: `invalidateGlyphs(forCharacterRange:changeInLength:actualCharacterRange:)`.
    public func invalidateGlyphs() {
        rebuildParagraphs()
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// Shapes and lays out again the paragraphs `range` touches (clamped to the text), as an edit of their
    /// attributes would: after a delegate's answers about them change. The rest keeps its glyphs and layout. TextKit:
    /// `invalidateGlyphs(forCharacterRange:changeInLength:actualCharacterRange:)` (with no change in length).
    public func invalidateGlyphs(forCharacterRange range: Range<Int>) {
        let length = textStorage.length
        let lower = min(max(range.lowerBound, 0), length), upper = min(max(range.upperBound, lower), length)
        take(TextStorage.Edit(actions: .attributes, range: lower..<upper, changeInLength: 0))
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// Lays out again the paragraphs `range` touches (and what follows them, as far as layout had gone); their
    /// glyphs are made again too, which gives the same glyphs. TextKit: `invalidateLayout(forCharacterRange:
    /// actualCharacterRange:)`; TextKit 2: `NSTextLayoutManager.invalidateLayout(for:)`.
    public func invalidateLayout(forCharacterRange range: Range<Int>) {
        invalidateGlyphs(forCharacterRange: range)
    }

    private func rebuildParagraphs() {
        if let store = temporaryAttributeStore, store.length != textStorage.length { temporaryAttributeStore = nil }
        paragraphs = allParagraphs()
        layouts.removeAll()
    }

    // MARK: Edits

    /// Takes in a batch of edits: reshapes the paragraphs it touched, then lays out again from the first of them
    /// as far as layout had gone, keeping or moving what did not change.
    public func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {
        take(edit)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// `textStorage(_:didProcessEditing:)`'s work.
    private func take(_ edit: TextStorage.Edit) {
        let old = edit.rangeBeforeEdit
        let oldLength = paragraphs.summary.length
        guard old.lowerBound >= 0, old.upperBound <= oldLength, !paragraphs.isEmpty else {
            rebuildParagraphs()
            return
        }
        let delta = edit.changeInLength
        if edit.actions.contains(.characters) { temporaryAttributeStore?.replace(old, insertedLength: edit.range.count) }
        splitUnsplitBlocks(around: old, delta: delta)
        var first = paragraphIndex(containing: old.lowerBound)
        var last = paragraphIndex(containing: old.upperBound)
        // A CR before the edit may pair with an LF the edit put at its start.
        if first > 0, old.lowerBound == paragraphStart(first), endsWithCR(paragraph: first - 1) { first -= 1 }
        var regionEnd = paragraphStart(last + 1) + delta
        // A CR at the end of the region may pair with an LF starting the next paragraph.
        while last + 1 < numberOfParagraphs, regionEnd > 0, textStorage.units(in: (regionEnd - 1)..<regionEnd) == [0x0D],
            textStorage.units(in: regionEnd..<(regionEnd + 1)) == [0x0A]
        {
            last += 1
            regionEnd = paragraphStart(last + 1) + delta
        }
        let regionStart = paragraphStart(first)
        var ranges: [Range<Int>]
        // Without a delegate the rope's paragraph count says when a long region is one paragraph, as an edit inside
        // one mostly leaves it: its units are then not read (a paragraph may be 100,000 characters; a short one is
        // read faster than the rope is asked).
        if delegate == nil, regionEnd - regionStart > Self.pieceLength,
            case let ended = textStorage.paragraphsEnded(before: regionEnd) - textStorage.paragraphsEnded(before: regionStart),
            ended == 0 || ended == 1 && textStorage.units(in: (regionEnd - 1)..<regionEnd).allSatisfy(CharacterClasses.endsParagraph)
        {
            ranges = [regionStart..<regionEnd]
            _internalInvariant(ranges == paragraphRanges(textStorage.units(in: regionStart..<regionEnd), start: regionStart),
                               "the rope's paragraphs differ from the paragraph rule's")
        } else if delegate == nil, regionEnd - regionStart > Self.pieceLength {
            // A long region of several paragraphs (a split of a long paragraph, a paste): its breaks from the rope's
            // separators, without reading the paragraphs' units.
            ranges = separatorRanges(regionStart..<regionEnd)
            _internalInvariant(ranges == paragraphRanges(textStorage.units(in: regionStart..<regionEnd), start: regionStart),
                               "the rope's separators give other paragraphs than the paragraph rule")
        } else {
            let units = textStorage.units(in: regionStart..<regionEnd)
            ranges = paragraphRanges(units, start: regionStart)
            if units.isEmpty, textStorage.length > 0 { ranges = [] }
        }
        let replacements = ranges.map(makeParagraph)
        let removed = last - first + 1
        // Paragraphs laid out in pieces that the edit touched: the next layouts of the paragraphs replacing them lay out
        // the pieces the edit can change (`LayoutManager+Pieces.swift`).
        if pendPieceEdits(replacing: first...last, with: replacements, edit: old, regionStart: regionStart) {
            replaceParagraphs(first..<(last + 1), with: replacements)
            relayout(replacing: first..<(first + removed), with: replacements.count)
            return
        }
        // An edit inside one laid-out paragraph that stays one: shaped now (it is laid out next) from the old
        // glyphs, HarfBuzz only around the edit. (Without a delegate, whose control-character answers could differ.)
        if first == last, replacements.count == 1, first < layouts.count, delegate == nil,
            let previous = paragraph(first).state.framesetter?.typesetter
        {
            shape(replacements[0], start: regionStart, reusing: previous,
                  replacing: ((old.lowerBound - regionStart)..<(old.upperBound - regionStart), edit.range.count))
        }
        let known = first == last && replacements.count == 1
            ? knownBreaks(paragraph: first, before: old.lowerBound - regionStart, replacement: replacements[0], start: regionStart) : []
        // The old lines, for the lines the edit left alone (the filler checks which those are: `EarlierLines`).
        let earlier = first == last && replacements.count == 1 && first < layouts.count && replacements[0].style == paragraph(first).style
            && paragraph(first).state.pieces == nil ? EarlierLines(frames: layouts[first].placements.map(\.frame)) : nil
        // Paragraphs laid out in part are laid out again as far as they were (from their start: an edit in pieces
        // needs all of them).
        let depth = layouts.indices.contains(first)
            ? (first...min(last, layouts.count - 1)).lazy.map(layouts.outline).filter(\.isPartial).map(\.bottom).max() : nil
        // Every paragraph from `first` to `last` is split out: the edit's neighbourhood was, and the CR LF checks
        // split out the one before.
        for index in first...last { _ = paragraph(index) }
        replaceParagraphs(first..<(last + 1), with: replacements)
        relayout(replacing: first..<(first + removed), with: replacements.count, knownBreaks: known, earlierLines: earlier,
                 upTo: depth.map(PieceLimit.depth))
    }

    /// The lines of paragraph `index`'s layout that an edit at paragraph offset `edit` cannot change, for
    /// re-breaking from the first changed line: greedy word wrapping decides a line from its own text and the first
    /// word of the next line, so every line whose next line ends at a break opportunity before the edit keeps its
    /// break. None when the paragraph breaks optimally (a change anywhere moves every break) or its style changed.
    /// The reused lines keep their fragment widths: a line is reused only in a fragment as wide.
    private func knownBreaks(paragraph index: Int, before edit: Int, replacement: Paragraph, start: Int) -> [KnownLineBreak] {
        guard index < layouts.count, replacement.style == paragraph(index).style,
            replacement.style.lineBreakStrategy == .greedy, replacement.style.lineBreakMode == .byWordWrapping,
            let typesetter = paragraph(index).state.framesetter?.typesetter
        else { return [] }
        // The replacement is laid out next: shaped now (if the edit did not already), at the start it will have.
        let replacementTypesetter = framesetter(of: replacement, start: start).typesetter
        return Self.knownBreaks(in: layouts[index].placements[...], of: typesetter, keptBy: replacementTypesetter, before: edit)
    }

    /// The lines of the frames of `placements` (one paragraph's, or one piece's, typeset by `typesetter`) that an edit
    /// at offset `edit` cannot change in `replacement`, the text after it (see
    /// `knownBreaks(paragraph:before:replacement:start:)`).
    static func knownBreaks(in placements: ArraySlice<Placement>, of typesetter: Typesetter, keptBy replacement: Typesetter, before edit: Int)
        -> [KnownLineBreak]
    {
        // The lines with the widths they were broken for, in order, read in place (a paragraph can have thousands).
        let lineCount = placements.reduce(0) { $0 + $1.frame.lines.count }
        func lineAndWidth(_ position: Int) -> (line: Line, width: CGFloat) {
            var position = position
            for placement in placements {
                let lines = placement.frame.lines
                if position < lines.count { return (lines[position], placement.frame.lineFragments[position].width) }
                position -= lines.count
            }
            preconditionFailure("line index out of range")
        }
        var known: [KnownLineBreak] = []
        // Where the old and new texts still break alike (shaping and segmentation can change before an edit).
        let agreed = typesetter.breakingAgreement(with: replacement, upTo: edit)
        var next = lineCount > 0 ? lineAndWidth(0) : nil
        for position in 0..<lineCount {
            guard let (line, width) = next else { break }
            next = position + 1 < lineCount ? lineAndWidth(position + 1) : nil
            // A line's break depends on its text up to the first opportunity after it (the word that did not fit, or
            // that was hyphenated or cut): the next line's end when that is an opportunity, which must lie before
            // the edit. A next line cut inside a word says nothing of where that word ends.
            // A truncated line (a container's last, with its truncation token) shows more text than breaking put on
            // it: its range is no break.
            let insertions = line.insertions
            guard !insertions.truncationToken, let nextEnd = next?.line.stringRange.upperBound, nextEnd < edit, nextEnd <= agreed,
                typesetter.isBreakOpportunity(at: nextEnd)
            else { break }
            known.append(KnownLineBreak(range: line.stringRange, hyphenated: insertions.hyphen, width: width))
        }
        return known
    }

    private func endsWithCR(paragraph index: Int) -> Bool {
        let end = paragraphStart(index + 1)
        return end > 0 && textStorage.units(in: (end - 1)..<end) == [0x0D]
    }

    /// Lays out again after paragraphs `removed` (old indices) became `inserted` new ones. The layouts of the
    /// paragraphs after them stay where they are in the array when the flow reaches them where it did before (only
    /// the edited ones are replaced), and are moved or laid out again one by one until it does.
    /// `continuing`: the layout of the one paragraph replaced, laid out in part, to lay out on from where it stopped;
    /// `limit`: where layout in pieces may stop (`realize(_:upTo:)`).
    func relayout(replacing removed: Range<Int>, with inserted: Int, knownBreaks: [KnownLineBreak] = [], earlierLines: EarlierLines? = nil,
                  continuing partial: ParagraphLayout? = nil, upTo limit: PieceLimit? = nil) {
        // The edit lies past the laid-out part: nothing laid out changes.
        guard removed.lowerBound < layouts.count else { return }
        var replacements: [ParagraphLayout] = []
        var position = layouts.outline(removed.lowerBound).start
        // Replaces the old layouts from the edit up to `oldEnd` with the new ones, and drops every old one after
        // them when the flow stopped (an incomplete layout: the containers ran out).
        func finish(keepingFrom oldEnd: Int?) {
            let end = oldEnd.map { min($0, layouts.count) } ?? layouts.count
            layouts.replaceSubrange(removed.lowerBound..<max(end, removed.lowerBound), with: replacements)
        }
        for index in removed.lowerBound..<(removed.lowerBound + inserted) {
            let layout = layOut(paragraph: index, from: position, knownBreaks: index == removed.lowerBound ? knownBreaks : [],
                                earlierLines: index == removed.lowerBound ? earlierLines : nil,
                                continuing: index == removed.lowerBound ? partial : nil, upTo: limit)
            replacements.append(layout)
            position = layout.end
            if !layout.isComplete { return finish(keepingFrom: nil) }
        }
        // The old paragraphs after the edit, as far as layout had gone (none when the edit reached past it: the
        // rest is laid out on demand).
        var oldIndex = removed.upperBound
        while oldIndex < layouts.count {
            // The flow is where it was: this paragraph and every later one lay out as before.
            if layouts.outline(oldIndex).start == position { return finish(keepingFrom: oldIndex) }
            if let shift = suffixShift(from: oldIndex, to: position) {
                // Every later paragraph moves as its lines are: one change to the height map.
                finish(keepingFrom: oldIndex)
                let moved = removed.lowerBound + replacements.count
                statistics.paragraphsMoved += layouts.laidOutCount(from: moved)
                layouts.shift(from: moved, by: shift, startingAt: position)
                return
            }
            let newIndex = oldIndex - removed.count + inserted
            let layout = moved(layouts[oldIndex], to: position) ?? layOut(paragraph: newIndex, from: position)
            replacements.append(layout)
            position = layout.end
            oldIndex += 1
            if !layout.isComplete { return finish(keepingFrom: nil) }
        }
        finish(keepingFrom: nil)
    }

    /// The shift that moves the layouts from `index` on so that the first starts at `position`, when moving gives
    /// what a new layout would for every one of them (as `moved` decides for one): all are one complete frame (or
    /// an estimate) in the container the flow is in, a rectangle without exclusions or line limit, with room below
    /// the last.
    private func suffixShift(from index: Int, to position: FlowPosition) -> ParagraphLayouts.Shift? {
        let first = layouts.outline(index), last = layouts.outline(layouts.count - 1)
        guard layouts.irregularCount(from: index) == 0, first.start.container == position.container,
            first.container == position.container, last.end.container == position.container,
            position.lines > 0 && first.start.lines > 0 || position.lines == 0 && first.start.lines == 0,
            textContainers.indices.contains(position.container)
        else { return nil }
        let container = textContainers[position.container]
        guard container.isSimpleRectangular, container.maximumNumberOfLines == 0 else { return nil }
        let depth = (position.depth + (position.lines > 0 ? position.gap : 0)) - (first.start.depth + (first.start.lines > 0 ? first.start.gap : 0))
        guard last.bottom + depth <= container.layoutHeight - LayoutTolerance.depth(inHeight: container.layoutHeight) else { return nil }
        return ParagraphLayouts.Shift(depth: depth, lines: position.lines - first.start.lines)
    }

    /// The same lines moved to a new flow position, when that gives what a new layout would: one frame in the same
    /// container, no exclusions, no line limit, and still room for it. An estimate moves as it is.
    private func moved(_ layout: ParagraphLayout, to position: FlowPosition) -> ParagraphLayout? {
        guard layout.isRegular, position.container == layout.start.container,
            layout.container == position.container,
            position.lines > 0 && layout.start.lines > 0 || position.lines == 0 && layout.start.lines == 0,
            textContainers.indices.contains(position.container)
        else { return nil }
        let container = textContainers[position.container]
        guard container.isSimpleRectangular, container.maximumNumberOfLines == 0 else { return nil }
        let shift = (position.depth + (position.lines > 0 ? position.gap : 0)) - (layout.start.depth + (layout.start.lines > 0 ? layout.start.gap : 0))
        // Room below, with the same tolerance a frame uses (it grows with the size of the coordinates).
        guard layout.bottom + shift <= container.layoutHeight - LayoutTolerance.depth(inHeight: container.layoutHeight) else { return nil }
        var result = layout.shifted(by: ParagraphLayouts.Shift(depth: shift, lines: position.lines - layout.start.lines))
        result.start = position
        if !layout.isEstimated { statistics.paragraphsMoved += 1 }
        return result
    }

    // MARK: Layout

    /// Lays out paragraphs until paragraph `index` has a layout (or the containers run out); with non-contiguous
    /// layout, that paragraph alone, and with `limit`, a long one in pieces only as far as it (see `PieceLimit`).
    func ensureLayout(throughParagraph index: Int, upTo limit: PieceLimit? = nil) {
        let target = min(index, numberOfParagraphs - 1)
        if estimating() { return realize(target..<(target + 1), upTo: limit) }
        layOutMore { _ in self.layouts.count <= target }
    }

    /// Lays out the next paragraph, from where the last one left the flow, for as long as `more` says so of the
    /// last layout (nil before the first) — and never past an incomplete one (the containers ran out).
    private func layOutMore(while more: (ParagraphLayout?) -> Bool) {
        let before = layouts.count
        while layouts.count < numberOfParagraphs, more(layouts.last) {
            if let last = layouts.last, !last.isComplete { break }
            layouts.append(layOut(paragraph: layouts.count, from: layouts.last?.end ?? .start))
        }
        guard layouts.count > before, let delegate, let last = layouts.last else { return }
        // The container the layout reached (nil when the text ran out of containers), and whether it is all laid out.
        let atEnd = layouts.count == numberOfParagraphs && last.isComplete
        delegate.layoutManager(self, didCompleteLayoutForContainerAt: last.isComplete ? last.end.container : nil, atEnd: atEnd)
    }

    /// Lays out the paragraphs holding `range`: with non-contiguous layout those alone, else the text up to and
    /// including them. TextKit: `ensureLayout(forCharacterRange:)`.
    public func ensureLayout(forCharacterRange range: Range<Int>) {
        let last = paragraphIndex(containing: max(range.upperBound - (range.isEmpty ? 0 : 1), range.lowerBound))
        if estimating() { return realize(paragraphIndex(containing: range.lowerBound)..<(last + 1)) }
        ensureLayout(throughParagraph: last)
    }

    /// Lays out the text as far as container `index` reaches (or all of it). TextKit: `ensureLayout(for:)`.
    public func ensureLayout(forContainerAt index: Int) {
        if estimating() { return realize(0..<layouts.count) }
        layOutMore { last in (last?.end.container ?? 0) <= index }
    }

    /// Lays out the text as far as needed to fill `rect` of container `index` (and one paragraph below it), not
    /// further: a viewport's worth in a long document. With non-contiguous layout, only the paragraphs from the one
    /// above the rectangle to the one below it, where the estimates put them — not the one above when it is long
    /// (`pieceLength` twice or more: its last lines need all of it), and of a long paragraph reaching below the
    /// rectangle only its pieces down to there. TextKit: `ensureLayout(forBoundingRect:in:)`.
    ///
    /// - Parameters:
    ///   - rect: the region, in the container's coordinates (y down from its top, as TextKit's).
    ///   - index: the container's index.
    public func ensureLayout(forBoundingRect rect: CGRect, inContainerAt index: Int = 0) {
        var extra = 1
        if estimating() {
            guard index == 0, !layouts.isEmpty else { return }
            var paragraph = paragraphIndex(atY: rect.minY, inContainerAt: 0) ?? 0
            if paragraph > 0, paragraphStart(paragraph) - paragraphStart(paragraph - 1) < 2 * Self.pieceLength { paragraph -= 1 }
            while paragraph < layouts.count {
                realize(paragraph..<(paragraph + 1), upTo: .depth(rect.maxY))
                // (A paragraph laid out in part reaches below the rectangle.)
                guard paragraph < layouts.count, layouts[paragraph].isComplete, !layouts[paragraph].isPartial else { return }
                if layouts[paragraph].bottom > rect.maxY {
                    if extra == 0 { return }
                    extra -= 1
                }
                paragraph += 1
            }
            return
        }
        layOutMore { last in
            guard let last else { return true }
            guard last.end.container <= index else { return false }
            if last.end.container == index, last.end.depth > rect.maxY {
                if extra == 0 { return false }
                extra -= 1
            }
            return true
        }
    }

    /// The height the text takes in container `index`: exact once the text reaching into it is laid out, else the
    /// laid-out part's height plus an estimate for the rest at the laid-out part's height per character — for a
    /// scroll bar over a long document before (or without) laying all of it out. With non-contiguous layout, the
    /// bottom of the last paragraph, laid out or estimated. TextKit 2: `usageBoundsForTextContainer` with
    /// estimated layout.
    public func estimatedUsedHeight(forContainerAt index: Int) -> CGFloat {
        if estimating() { return index == 0 ? layouts.last?.bottom ?? 0 : 0 }
        if layouts.isEmpty { ensureLayout(throughParagraph: 0) }
        let exact = usedRect(forLaidOutContainerAt: index).maxY
        // Only the container the flow is filling, with text left to lay out, needs an estimate.
        guard let last = layouts.last, last.isComplete, last.end.container == index, layouts.count < numberOfParagraphs,
            let first = layouts.indices.first(where: { layouts[$0].placements.contains { $0.container == index } })
        else { return exact }
        let firstCharacter = paragraphStart(first) + (layouts[first].placements.first { $0.container == index }.map { $0.offset + $0.frame.visibleStringRange.lowerBound } ?? 0)
        let laidOutEnd = paragraphStart(layouts.count)
        let laidOut = laidOutEnd - firstCharacter
        let remaining = paragraphs.summary.length - laidOutEnd
        guard laidOut > 0 else { return exact }
        return last.end.depth + CGFloat(remaining) * last.end.depth / CGFloat(laidOut)
    }

    /// Lays out everything that fits. TextKit: `ensureLayout(for:)` on the last container.
    public func ensureLayoutForAllText() {
        if estimating() { return realize(0..<layouts.count) }
        ensureLayout(throughParagraph: numberOfParagraphs - 1)
    }

    /// Fills paragraph `index` into the containers from `start` (`partial`, `limit`: as for `relayout`).
    private func layOut(paragraph index: Int, from start: FlowPosition, knownBreaks: [KnownLineBreak] = [], earlierLines: EarlierLines? = nil,
                        continuing partial: ParagraphLayout? = nil, upTo limit: PieceLimit? = nil) -> ParagraphLayout {
        statistics.paragraphsLaidOut += 1
        let (paragraph, paragraphStart) = paragraphAndStart(index)
        // Where the paragraph starts now, for the delegate's break vetoes during this layout.
        paragraph.state.start = paragraphStart
        if let layout = layOutInPieces(paragraph, start: paragraphStart, from: start, continuing: partial, upTo: limit) { return layout }
        let framesetter = framesetter(of: paragraph, start: paragraph.state.start)
        paragraph.state.startLayout()
        var position = start
        var placements: [Placement] = []
        var shown = 0
        while position.container < textContainers.count {
            let container = textContainers[position.container]
            var depth = position.depth
            if position.lines > 0, shown == 0 {
                depth += position.gap + spacing(before: true, style: paragraph.style, start: paragraphStart)
            }
            let height = container.layoutHeight
            let remainingLines = container.maximumNumberOfLines > 0 ? container.maximumNumberOfLines - position.lines : Int.max
            guard height - depth > 0, remainingLines > 0, container.path != nil || container.lineWidth > 0 else {
                position = FlowPosition(container: position.container + 1, depth: 0, lines: 0, gap: 0)
                continue
            }
            var attributes = FrameAttributes()
            attributes.usesFontLeading = usesFontLeading
            attributes.maximumNumberOfLines = remainingLines == Int.max ? 0 : remainingLines
            attributes.lastLineTruncation = container.lastLineTruncation
            attributes.pathFillRule = container.fillRule
            // TextKit's exclusion paths are bezier paths, non-zero winding unless they say otherwise.
            attributes.clippingPaths = container.exclusionPaths.map { ClippingPath($0.applying(container.flip), fillRule: .winding) }
            // The frame fills the whole container from `depth` down: the same bands a frame of the whole text
            // would give these lines.
            let framePath = framePath(of: container)
            attributes.startingDepth = depth - (height - framePath.boundingBox.maxY)
            // A form feed ends the container (unless the delegate declines): this frame stops after it.
            let containerBreak = paragraph.state.containerBreaks.first { $0 > shown && $0 < paragraph.length }
            let end = containerBreak ?? max(paragraph.length, shown)
            let start = paragraph.state.start
            let lineSpacing: ((Range<Int>) -> CGFloat)? = delegate.map { delegate in
                { [unowned self] range in delegate.layoutManager(self, lineSpacingAfterLineEndingAt: start + range.upperBound) }
            }
            let containerIndex = position.container
            let adjustment: ((Range<Int>, inout CGRect, inout CGFloat) -> Void)? = delegate.map { delegate in
                { [unowned self] range, rect, baselineOffset in
                    // The path's y-up rectangle as the container's fragment (y down from its top, padding included).
                    let padding = container.path == nil ? container.padding : 0
                    var proposed = CGRect(x: rect.minX - padding, y: container.layoutHeight - rect.maxY, width: rect.width + 2 * padding,
                                          height: rect.height)
                    if delegate.layoutManager(self, shouldSetLineFragmentRect: &proposed, baselineOffset: &baselineOffset,
                                              forCharacterRange: (start + range.lowerBound)..<(start + range.upperBound),
                                              inContainerAt: containerIndex) {
                        rect.size.height = proposed.height
                    }
                }
            }
            let frame = framesetter.frame(stringRange: shown..<end, path: framePath, attributes: attributes,
                                                    spacingAfterLine: lineSpacing, knownBreaks: knownBreaks, earlierLines: earlierLines,
                                                    adjustingLineFragment: adjustment)
            if !knownBreaks.isEmpty {
                // A line starting where a known one starts took its end.
                let starts = Set(knownBreaks.map(\.range.lowerBound))
                statistics.linesKept += frame.lines.prefix(knownBreaks.count).filter { starts.contains($0.stringRange.lowerBound) }.count
            }
            if frame.lines.isEmpty {
                // Nothing fits below: the next container.
                position = FlowPosition(container: position.container + 1, depth: 0, lines: 0, gap: 0)
                continue
            }
            let boxTop = height - frame.bounds.maxY
            placements.append(Placement(container: position.container, top: boxTop, frame: frame, generation: paragraph.state.nextGeneration()))
            shown = frame.visibleStringRange.upperBound
            position = FlowPosition(container: position.container, depth: boxTop + frame.usedHeight,
                                    lines: position.lines + frame.lines.count,
                                    gap: frame.gapAfterLastLine + spacing(before: false, style: paragraph.style, start: paragraphStart))
            if shown >= paragraph.length { break }
            if let containerBreak, shown == containerBreak {
                position = FlowPosition(container: position.container + 1, depth: 0, lines: 0, gap: 0)
                continue
            }
            // The rest goes on in the next container. (A frame that truncates its last line at the container's line
            // limit shows the paragraph to its end in it, so the paragraph ended above; a line a truncating
            // paragraph style cut, or a last line whose token did not fit, ends nothing.)
            position = FlowPosition(container: position.container + 1, depth: 0, lines: 0, gap: 0)
        }
        let complete = shown >= paragraph.length && !(paragraph.length > 0 && placements.isEmpty)
        return measuring(ParagraphLayout(start: start, placements: placements, end: position, isComplete: complete), of: paragraph)
    }

    /// A new layout of `paragraph`, counted into what estimates go by when it moves with the flow.
    func measuring(_ layout: ParagraphLayout, of paragraph: Paragraph) -> ParagraphLayout {
        if layout.isRegular { measure(characters: paragraph.length, height: layout.bottom - layout.start.depth) }
        return layout
    }

    /// Counts `characters` newly laid out in `height` into the estimates.
    func measure(characters: Int, height: CGFloat) {
        measured.characters += characters
        measured.height += height
    }

    static func length(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }

    /// The spacing above or below a paragraph: its style's, as the delegate adjusts it (never negative).
    func spacing(before: Bool, paragraph index: Int) -> CGFloat {
        let (paragraph, start) = paragraphAndStart(index)
        return spacing(before: before, style: paragraph.style, start: start)
    }

    /// The spacing above or below the paragraph of `style` starting at `start`.
    func spacing(before: Bool, style: ParagraphStyle, start: Int) -> CGFloat {
        let proposed = max(Self.length(before ? style.paragraphSpacingBefore : style.paragraphSpacing), 0)
        guard let delegate else { return proposed }
        let answer = before ? delegate.layoutManager(self, paragraphSpacingBeforeParagraphAt: start, proposed: proposed)
            : delegate.layoutManager(self, paragraphSpacingAfterParagraphAt: start, proposed: proposed)
        return max(Self.length(answer), 0)
    }
}

extension LayoutManager.Paragraph: Summarized {
    var summary: LayoutManager.ParagraphSpan { LayoutManager.ParagraphSpan(length: length) }
}
