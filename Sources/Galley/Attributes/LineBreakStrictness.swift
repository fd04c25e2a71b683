/// How strictly line breaking keeps characters off a line's start or end (the kinsoku rules of Chinese and Japanese):
/// the line-break tailorings of Unicode's CLDR, through ICU's locale keyword `lb`. CSS: `line-break`.
///
/// - `strict`: no line starts with a small kana (ぁ, ッ, ャ), the prolonged sound mark ー, iteration marks or other
///   characters UAX #14 calls conditional Japanese starters; what most Japanese books do.
/// - `normal`: small kana and ー may start a line (UAX #14 treats them as ideographs); iteration marks and closing
///   punctuation still may not.
/// - `loose`: also lets a line start with iteration marks, and break before hyphens and some punctuation; for
///   narrow columns (newspapers).
///
/// `automatic` is ICU's own rules for the text's language (for Japanese, CLDR's `normal`).
/// Galley only (Core Text has no setting; TextKit's `lineBreakStrategy` options are about other things).
public enum LineBreakStrictness: String, Hashable, Sendable, Codable, CaseIterable {
    /// The language's default rules (for Japanese as `normal`).
    case automatic
    /// CSS `line-break: strict`; ICU `@lb=strict`.
    case strict
    /// CSS `line-break: normal`; ICU `@lb=normal`.
    case normal
    /// CSS `line-break: loose`; ICU `@lb=loose`.
    case loose

    /// The ICU locale for a BCP 47 language with this strictness: `ja_JP@lb=strict`, `und@lb=loose`.
    func icuLocale(language: String?) -> String {
        // (Asked per paragraph: no Foundation string search for the common case of no language or no hyphen.)
        var base = language ?? ""
        if base.utf8.contains(UInt8(ascii: "-")) { base = String(base.map { $0 == "-" ? "_" : $0 }) }
        guard self != .automatic else { return base }
        return (base.isEmpty ? "und" : base) + "@lb=" + rawValue
    }
}
