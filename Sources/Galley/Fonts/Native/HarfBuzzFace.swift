internal import CHarfBuzz
import Foundation

/// Owns one immutable `hb_face_t`, shared by every size and variation of one face of a font file.
final class HarfBuzzFace: @unchecked Sendable {  // hb_face_make_immutable: read-only from here on
    let pointer: OpaquePointer
    let blob: HarfBuzzBlob

    init(blob: HarfBuzzBlob, index: Int) {
        self.blob = blob
        let face = hb_face_create(blob.pointer, UInt32(index))!
        hb_face_make_immutable(face)
        self.pointer = face
    }

    deinit { hb_face_destroy(pointer) }

    var unitsPerEm: Int { Int(hb_face_get_upem(pointer)) }
    var glyphCount: Int { Int(hb_face_get_glyph_count(pointer)) }

    /// The bytes of one table, empty when the face has no such table.
    func table(_ tag: OpenTypeTag) -> Data {
        guard let blob = hb_face_reference_table(pointer, tag.rawValue) else { return Data() }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return Data() }
        return Data(bytes: data, count: Int(length))
    }

    /// The byte length of one table (0 when absent or dropped by HarfBuzz's sanitizer), without copying it.
    func tableLength(_ tag: OpenTypeTag) -> Int {
        guard let blob = hb_face_reference_table(pointer, tag.rawValue) else { return 0 }
        defer { hb_blob_destroy(blob) }
        return Int(hb_blob_get_length(blob))
    }

    /// The tags of every table in the face, in the file's order.
    var tableTags: [OpenTypeTag] {
        var tags: [OpenTypeTag] = []
        var offset: UInt32 = 0
        var buffer = [hb_tag_t](repeating: 0, count: 64)
        while true {
            var count = UInt32(buffer.count)
            let total = hb_face_get_table_tags(pointer, offset, &count, &buffer)
            tags += buffer[0..<Int(count)].map(OpenTypeTag.init(rawValue:))
            offset += count
            if count == 0 || offset >= total { return tags }
        }
    }

    /// One `name` table entry in English (HarfBuzz's default language choice), or nil.
    func name(id: UInt32) -> String? {
        var length: UInt32 = 0
        length = hb_ot_name_get_utf8(pointer, id, hb_language_from_string("en", -1), &length, nil)
        if length == 0 {
            length = hb_ot_name_get_utf8(pointer, id, nil, &length, nil)
            if length == 0 { return nil }
            return read(id: id, language: nil, length: length)
        }
        return read(id: id, language: hb_language_from_string("en", -1), length: length)
    }

    private func read(id: UInt32, language: hb_language_t?, length: UInt32) -> String? {
        var capacity = length + 1
        var buffer = [CChar](repeating: 0, count: Int(capacity))
        hb_ot_name_get_utf8(pointer, id, language, &capacity, &buffer)
        let text = String(decoding: buffer.prefix(Int(capacity)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// The italic angle from the `post` table, degrees counter-clockwise (negative leans right).
    var italicAngle: Double {
        let post = table("post")
        guard post.count >= 8 else { return 0 }
        let raw = post.withUnsafeBytes { Int32(bigEndian: $0.loadUnaligned(fromByteOffset: 4, as: Int32.self)) }
        return Double(raw) / 65536
    }

    /// Every Unicode scalar the face's cmap maps to a glyph.
    var codePoints: CodePointSet {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(pointer, set)
        var ranges: [ClosedRange<UInt32>] = []
        var first: hb_codepoint_t = HB_SET_VALUE_INVALID
        var last: hb_codepoint_t = HB_SET_VALUE_INVALID
        while hb_set_next_range(set, &first, &last) != 0 {
            ranges.append(first...last)
        }
        return CodePointSet(sortedRanges: ranges)
    }
}

/// HarfBuzz's invalid set value, which Swift does not import as a constant.
let HB_SET_VALUE_INVALID: hb_codepoint_t = .max
