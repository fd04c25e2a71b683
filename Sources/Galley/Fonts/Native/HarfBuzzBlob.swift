internal import CHarfBuzz
import Foundation

/// Owns one `hb_blob_t`: the bytes of a font file or of font data handed to Galley.
final class HarfBuzzBlob: @unchecked Sendable {  // immutable after creation (hb_blob_make_immutable)
    let pointer: OpaquePointer

    /// Takes ownership of a blob reference (create rule).
    init(owning pointer: OpaquePointer) {
        hb_blob_make_immutable(pointer)
        self.pointer = pointer
    }

    /// Maps or reads a file; nil when HarfBuzz cannot open it.
    convenience init?(contentsOfFile path: String) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        self.init(owning: blob)
    }

    /// Copies `data` into a blob that frees the copy when HarfBuzz releases it.
    convenience init(copying data: Data) {
        let count = data.count
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: count) }
        }
        // The copy is raw memory: bound to HarfBuzz's `char` here (not assumed bound), freed as raw memory.
        let blob = hb_blob_create(
            copy.bindMemory(to: CChar.self, capacity: max(count, 1)), UInt32(count), HB_MEMORY_MODE_READONLY, copy,
            { $0?.deallocate() })!
        self.init(owning: blob)
    }

    deinit { hb_blob_destroy(pointer) }

    /// The number of bytes.
    var length: Int { Int(hb_blob_get_length(pointer)) }

    /// The bytes, valid while this blob lives.
    var bytes: UnsafeRawBufferPointer {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(pointer, &length) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: data, count: Int(length))
    }

    /// The number of faces HarfBuzz sees in the blob (0 for data that is not a font).
    var faceCount: Int { Int(hb_face_count(pointer)) }
}
