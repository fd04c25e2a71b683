import Foundation

// What GalleyRendering needs from inside Galley and nobody else should: the bytes of a font's face and the
// text of a line. `package` access keeps these out of the public interface.

extension Font {
    /// An identity shared by every `Font` over the same face (file and index, or data), for caches of
    /// per-face drawing objects.
    package var faceIdentity: ObjectIdentifier { ObjectIdentifier(face) }

    /// Whether the face has outlines (glyf, CFF, CFF2); bitmap-only colour fonts cannot be stroked.
    package var hasOutlines: Bool { face.hasOutlines }

    /// The face's index in its file (0 unless the file is a collection).
    package var faceIndex: Int { face.key.index }

    /// Calls `body` with the bytes of the font file (or data); they stay valid as long as this font lives.
    package func withFontFileBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(face.blob.bytes)
    }
}

extension Line {
    /// The UTF-16 text the line's string indices point into.
    package var utf16Text: [UInt16] { storage.paragraph.text.units }
}
