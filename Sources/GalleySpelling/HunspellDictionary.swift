internal import CHunspell
import Foundation
import Galley

/// One Hunspell dictionary (an .aff/.dic pair) loaded once per process and shared: Hunspell's handle is not
/// thread-safe, so every call goes through the dictionary's own lock. The handle is created and destroyed here and
/// nowhere else; words cross in the dictionary's encoding (UTF-8 for every dictionary Debian ships; ISO 8859-1 and
/// -2 are converted, and a word the encoding cannot hold is reported misspelled and gets no suggestions).
final class HunspellDictionary: @unchecked Sendable {
    let language: String
    private let handle: OpaquePointer
    private let encoding: String.Encoding
    private let lock = NSLock()

    /// Loads the pair; throws when either file is missing or Hunspell refuses them.
    init(language: String, affix: URL, dictionary: URL) throws(SpellingError) {
        for file in [affix, dictionary] where !FileManager.default.isReadableFile(atPath: file.path) {
            throw SpellingError.dictionaryUnreadable(file.path)
        }
        guard let handle = Hunspell_create(affix.path, dictionary.path) else { throw SpellingError.dictionaryUnreadable(dictionary.path) }
        self.language = language
        self.handle = handle
        let name = Hunspell_get_dic_encoding(handle).map { String(cString: $0) }?.uppercased() ?? "UTF-8"
        switch name {
        case "ISO8859-1", "ISO-8859-1": encoding = .isoLatin1
        case "ISO8859-2", "ISO-8859-2": encoding = .isoLatin2
        default: encoding = .utf8
        }
    }

    deinit { Hunspell_destroy(handle) }

    /// The word's bytes in the dictionary's encoding, NUL-terminated; nil when the encoding cannot hold it.
    private func bytes(_ word: String) -> [CChar]? {
        guard var data = word.data(using: encoding), !data.contains(0) else { return nil }
        data.append(0)
        return data.map { CChar(bitPattern: $0) }
    }

    /// Whether Hunspell accepts the word.
    func spell(_ word: String) -> Bool {
        guard let bytes = bytes(word) else { return false }
        return lock.withLock { Hunspell_spell(handle, bytes) != 0 }
    }

    /// Whether Hunspell accepts the word given as UTF-16 (an unpaired surrogate read as U+FFFD, as `String` does):
    /// for UTF-8 dictionaries the units go to UTF-8 straight, with no `String` in between — checking a text asks this
    /// for every word.
    func spell(utf16 units: ArraySlice<UInt16>) -> Bool {
        guard encoding == .utf8 else { return spell(String(decoding: units, as: UTF16.self)) }
        var bytes: [CChar] = []
        bytes.reserveCapacity(units.count * 3 + 1)
        func append(_ scalar: UInt32) {
            if scalar < 0x80 {
                bytes.append(CChar(bitPattern: UInt8(scalar)))
            } else if scalar < 0x800 {
                bytes.append(CChar(bitPattern: UInt8(0xC0 | scalar >> 6)))
                bytes.append(CChar(bitPattern: UInt8(0x80 | scalar & 0x3F)))
            } else if scalar < 0x10000 {
                bytes.append(CChar(bitPattern: UInt8(0xE0 | scalar >> 12)))
                bytes.append(CChar(bitPattern: UInt8(0x80 | scalar >> 6 & 0x3F)))
                bytes.append(CChar(bitPattern: UInt8(0x80 | scalar & 0x3F)))
            } else {
                bytes.append(CChar(bitPattern: UInt8(0xF0 | scalar >> 18)))
                bytes.append(CChar(bitPattern: UInt8(0x80 | scalar >> 12 & 0x3F)))
                bytes.append(CChar(bitPattern: UInt8(0x80 | scalar >> 6 & 0x3F)))
                bytes.append(CChar(bitPattern: UInt8(0x80 | scalar & 0x3F)))
            }
        }
        var index = units.startIndex
        while index < units.endIndex {
            let unit = units[index]
            if unit == 0 { return false }
            if UTF16.isLeadSurrogate(unit), index + 1 < units.endIndex, UTF16.isTrailSurrogate(units[index + 1]) {
                append(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(units[index + 1]) - 0xDC00))
                index += 2
                continue
            }
            append(UTF16.isSurrogate(unit) ? 0xFFFD : UInt32(unit))
            index += 1
        }
        bytes.append(0)
        return lock.withLock { Hunspell_spell(handle, bytes) != 0 }
    }

    /// Hunspell's suggestions, best first.
    func suggest(_ word: String) -> [String] {
        guard let bytes = bytes(word) else { return [] }
        return lock.withLock {
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
            let count = Hunspell_suggest(handle, &list, bytes)
            defer { if list != nil { Hunspell_free_list(handle, &list, count) } }
            guard let list, count > 0 else { return [] }
            return (0..<Int(count)).compactMap { index in
                list[index].flatMap { String(data: Data(bytes: $0, count: strlen($0)), encoding: encoding) }
            }
        }
    }

    /// Adds a word to the loaded dictionary (for this process), or removes one added so.
    func add(_ word: String) { if let bytes = bytes(word) { lock.withLock { _ = Hunspell_add(handle, bytes) } } }
    func remove(_ word: String) { if let bytes = bytes(word) { lock.withLock { _ = Hunspell_remove(handle, bytes) } } }
}

/// What can go wrong reading spelling dictionaries.
public enum SpellingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A dictionary file is missing or unreadable, or Hunspell could not load the pair.
    case dictionaryUnreadable(String)
    /// No dictionary for the language among those installed.
    case noDictionary(language: String)
    /// The user dictionary could not be written.
    case userDictionaryUnwritable(String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .dictionaryUnreadable(let path): "the spelling dictionary \(path) cannot be read"
        case .noDictionary(let language): "no spelling dictionary for \(language)"
        case .userDictionaryUnwritable(let path): "the user dictionary \(path) cannot be written"
        }
    }
}
