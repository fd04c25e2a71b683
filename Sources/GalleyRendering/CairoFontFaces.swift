internal import CCairo
internal import CFreeType
import Foundation
import Galley

/// Cairo font faces over Galley's fonts: one FreeType face and one cairo-ft face per font face (file and
/// index), made on first use and shared by every canvas. Cairo locks the FreeType face it owns; Galley's own
/// FreeType faces are never handed to Cairo.
///
/// Ownership, as cairo-ft documents it: each cairo face carries, as user data, the `Font` whose bytes FreeType reads
/// and the FreeType face; when cairo destroys the face (the cache let go of it and no surface or scaled font still
/// uses it), the user data's destroy callback closes the FreeType face and releases the font. The cache keeps at
/// most `capacity` faces, so a server drawing many fonts made from data does not keep them all.
final class CairoFontFaces: Sendable {
    static let shared = CairoFontFaces()

    /// The most cairo faces kept; past it the cache starts again (faces in use by a canvas stay alive through it).
    static let capacity = 64

    /// A cairo font face pointer kept by the cache (cairo references are thread-safe).
    private struct Entry: @unchecked Sendable {
        let face: OpaquePointer
    }

    /// What a cairo face owns, released by its user data's destroy callback.
    private final class Owner {
        let font: Font
        let freeTypeFace: FT_Face
        let library: Locked<FT_Library?>

        init(font: Font, freeTypeFace: FT_Face, library: Locked<FT_Library?>) {
            self.font = font
            self.freeTypeFace = freeTypeFace
            self.library = library
        }

        deinit { _ = library.withLock { _ in FT_Done_Face(freeTypeFace) } }
    }

    /// The user-data key cairo identifies the owner by (its address is what counts).
    nonisolated(unsafe) private static let ownerKey: UnsafeMutablePointer<cairo_user_data_key_t> = {
        let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
        key.initialize(to: cairo_user_data_key_t())
        return key
    }()

    private let library: Locked<FT_Library?>
    private let faces = Locked<[ObjectIdentifier: Entry]>([:])

    private init() {
        var library: FT_Library?
        // Without a FreeType library no face can be drawn: text then draws nothing (as a face FreeType refuses).
        if FT_Init_FreeType(&library) != 0 { library = nil }
        self.library = Locked(library)
    }

    /// The cairo face for a font (a reference the cache owns: valid while the caller's context or surface holds it,
    /// as `cairo_set_font_face` does), or nil when FreeType cannot open the face.
    func face(for font: Font) -> OpaquePointer? {
        // The key is the font face's identity: the cached cairo face keeps a font over that face alive, so the
        // identity cannot be reused by another face while the entry exists.
        let key = font.faceIdentity
        if let entry = faces.withLock({ $0[key] }) { return entry.face }
        guard let made = makeFace(font) else { return nil }
        var dropped: [Entry] = []
        let face = faces.withLock { faces -> Entry in
            if let existing = faces[key] {
                dropped.append(Entry(face: made))
                return existing
            }
            if faces.count >= Self.capacity {
                dropped += faces.values
                faces.removeAll()
            }
            faces[key] = Entry(face: made)
            return faces[key]!
        }.face
        // Destroyed outside the lock: a destroy callback takes the FreeType library's lock.
        for entry in dropped { cairo_font_face_destroy(entry.face) }
        return face
    }

    /// Drops every cached face (those still in use live on until released). For tests.
    func removeAll() {
        let dropped = faces.withLock { faces -> [Entry] in
            defer { faces.removeAll() }
            return Array(faces.values)
        }
        for entry in dropped { cairo_font_face_destroy(entry.face) }
    }

    /// Opens the face with FreeType over the font's bytes and wraps it for cairo, which then owns both.
    private func makeFace(_ font: Font) -> OpaquePointer? {
        let ftFace: FT_Face? = library.withLock { library in
            guard let library else { return nil }
            return font.withFontFileBytes { bytes -> FT_Face? in
                guard let base = bytes.baseAddress else { return nil }
                var face: FT_Face?
                // FreeType reads the bytes in place: the owner below keeps the font, and so its bytes, alive.
                let error = FT_New_Memory_Face(
                    library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(font.faceIndex), &face)
                return error == 0 ? face : nil
            }
        }
        guard let ftFace else { return nil }
        let owner = Owner(font: font, freeTypeFace: ftFace, library: library)
        // Colour bitmaps (CBDT emoji) need FT_LOAD_COLOR; hinting off keeps outlines as the font draws them.
        let loadFlags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_NO_HINTING)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, loadFlags) else { return nil }
        guard cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            return nil
        }
        let retained = Unmanaged.passRetained(owner).toOpaque()
        let status = cairo_font_face_set_user_data(cairoFace, Self.ownerKey, retained) { pointer in
            guard let pointer else { return }
            Unmanaged<Owner>.fromOpaque(pointer).release()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            Unmanaged<Owner>.fromOpaque(retained).release()
            return nil
        }
        return cairoFace
    }
}
