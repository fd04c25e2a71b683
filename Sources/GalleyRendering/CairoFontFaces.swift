internal import CCairo
internal import CFreeType
import Foundation
@_spi(GalleyRendering) import Galley
import Synchronization

/// Cairo font faces over Galley's fonts: one FreeType face and one cairo-ft face per font face (file and
/// index), made once and shared by every canvas. Cairo locks the FreeType face it owns; Galley's own
/// FreeType faces are never handed to Cairo.
final class CairoFontFaces: Sendable {
    static let shared = CairoFontFaces()

    /// A cairo font face pointer kept by the cache (cairo references are thread-safe).
    private struct Entry: @unchecked Sendable {
        let face: OpaquePointer
    }

    private let library: Locked<FT_Library?>
    private let faces = Locked<[ObjectIdentifier: Entry]>([:])

    private init() {
        var library: FT_Library?
        FT_Init_FreeType(&library)
        self.library = Locked(library)
    }

    /// The cairo face for a font (a new reference the caller does not release), or nil when FreeType cannot
    /// open the face.
    func face(for font: Font) -> OpaquePointer? {
        let key = font.faceIdentity
        if let entry = faces.withLock({ $0[key] }) { return entry.face }
        guard let made = makeFace(font) else { return nil }
        let entry = Entry(face: made)
        return faces.withLock { faces -> Entry in
            if let existing = faces[key] {
                cairo_font_face_destroy(entry.face)
                return existing
            }
            faces[key] = entry
            return entry
        }.face
    }

    /// Opens the face with FreeType over the font's bytes and wraps it for cairo. Faces live as long as the
    /// process (one per distinct font face drawn), so the font that owns the bytes is retained for good.
    private func makeFace(_ font: Font) -> OpaquePointer? {
        let ftFace: FT_Face? = library.withLock { library in
            guard let library else { return nil }
            return font.withFontFileBytes { bytes -> FT_Face? in
                guard let base = bytes.baseAddress else { return nil }
                var face: FT_Face?
                let error = FT_New_Memory_Face(
                    library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(font.faceIndex), &face)
                return error == 0 ? face : nil
            }
        }
        guard let ftFace else { return nil }
        // Colour bitmaps (CBDT emoji) need FT_LOAD_COLOR; hinting off keeps outlines as the font draws them.
        let loadFlags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_NO_HINTING)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, loadFlags),
            cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS
        else {
            _ = library.withLock { _ in FT_Done_Face(ftFace) }
            return nil
        }
        _ = Unmanaged.passRetained(font)  // keeps the bytes FreeType reads alive
        return cairoFace
    }
}
