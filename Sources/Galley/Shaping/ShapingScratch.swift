/// What the `Shaper`s of one text's paragraphs, shaped in turn on one thread with one set of options, hand on from
/// paragraph to paragraph (`Typesetter` keeps one while it shapes its paragraphs): the HarfBuzz buffer, the text's
/// decisions of how its items go through the word cache and their styles (both keyed by the text's attribute runs),
/// `Shaper.appendCharacters`' list, the room of the itemizer's items (`ShapedParagraph` keeps its own) with what it
/// remembers of the paragraph before (`Itemizer.Memory`), and the word cache's statistics. Made again for every
/// paragraph, they were a fifth of a short Chinese paragraph's allocations, and the decisions a lock and a hash each.
/// Not shared between threads.
final class ShapingScratch {
    let buffer = HarfBuzzBuffer()
    var cachedShapings: [Shaper.CachedShaping] = []
    var cachedShapingKeys: [Shaper.CachedShapingKey] = []
    var recentStyles: [(run: Int, style: RunStyle)] = []
    var others: [(index: Int, use: ShapedWord.CharacterUse)] = []
    var items: [TextItem] = []
    var itemizerMemory = Itemizer.Memory()
    /// The text's lookups in the word cache and their hits so far, added to `WordShapes.statistics` when the scratch
    /// goes (the text's paragraphs are all shaped then).
    var wordLookups = 0, wordHits = 0

    deinit {
        if wordLookups > 0 { WordShapes.shared.count(lookups: wordLookups, hits: wordHits) }
    }
}
