import Foundation

/// Fallback answers of one catalog, so that multi-script text asks fontconfig once per (font, language)
/// for a sorted candidate list and once per (font, language, code point) for the chosen face — never
/// once per paragraph. Bounded: a table that grows past its limit is emptied.
final class FallbackCache: Sendable {
    struct CandidatesKey: Hashable {
        let face: FontFace.Key
        let cascade: [FontDescriptor]
        let language: String
    }

    struct AnswerKey: Hashable {
        let candidates: CandidatesKey
        let codePoint: UInt32
    }

    /// A fallback font at a size: the same font object is handed out again, so fallback during layout does
    /// not re-read metrics per character.
    struct FontKey: Hashable {
        let url: URL
        let faceIndex: Int
        let size: CGFloat
        let matrix: AffineTransform
        let cascade: [FontDescriptor]
    }

    private struct Tables {
        var candidates: [CandidatesKey: [FontDescriptor]] = [:]
        var answers: [AnswerKey: FontDescriptor?] = [:]
        var fonts: [FontKey: Font] = [:]
        var candidateQueries = 0
        var answerQueries = 0
    }

    /// How many times fontconfig was asked: for sorted candidate lists, and for a code point's face (tests check
    /// that this grows with scripts and characters, not with paragraphs).
    var queryCounts: (candidates: Int, answers: Int) { tables.withLock { ($0.candidateQueries, $0.answerQueries) } }

    private let tables = Locked(Tables())
    private let limit = 65_536

    func candidates(_ key: CandidatesKey, compute: () -> [FontDescriptor]) -> [FontDescriptor] {
        if let cached = tables.withLock({ $0.candidates[key] }) { return cached }
        let list = compute()
        tables.withLock { tables in
            tables.candidateQueries += 1
            if tables.candidates.count >= 256 { tables.candidates.removeAll() }
            tables.candidates[key] = list
        }
        return list
    }

    func answer(_ key: AnswerKey, compute: () -> FontDescriptor?) -> FontDescriptor? {
        if let cached = tables.withLock({ $0.answers[key] }) { return cached }
        let answer = compute()
        tables.withLock { tables in
            tables.answerQueries += 1
            if tables.answers.count >= limit { tables.answers.removeAll() }
            tables.answers[key] = .some(answer)
        }
        return answer
    }

    func font(_ key: FontKey, make: () -> Font?) -> Font? {
        if let cached = tables.withLock({ $0.fonts[key] }) { return cached }
        guard let font = make() else { return nil }
        return tables.withLock { tables in
            if tables.fonts.count >= 1024 { tables.fonts.removeAll() }
            if let existing = tables.fonts[key] { return existing }
            tables.fonts[key] = font
            return font
        }
    }

    func removeAll() { tables.withLock { $0 = Tables() } }
}
