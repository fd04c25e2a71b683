import Galley

/// Where each of a sequence of consecutive pieces starts, given their lengths, with the total last — the table
/// that paragraph and attribute-run lookups search.
func startOffsets<Pieces: Collection>(of pieces: Pieces, length: (Pieces.Element) -> Int) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(pieces.count + 1)
    var total = 0
    for piece in pieces {
        total += length(piece)
        starts.append(total)
    }
    return starts
}
