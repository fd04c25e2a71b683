/// Where breaking ends a line: the UTF-16 offset after its last character, and whether the line ends at a
/// hyphenation point (it then shows a hyphen the text does not have).
struct LineEnd: Hashable, Sendable {
    var end: Int
    var hyphenated: Bool
}
