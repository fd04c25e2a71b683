internal import CFreeType
import Foundation

/// Owns one `FT_Face` (with its own `FT_Library`, so faces never share FreeType state) over the bytes of
/// a `HarfBuzzBlob`. FreeType is used only for what HarfBuzz does not do — glyph outlines and, for
/// drawing, rasterising — and a face is not thread-safe: `FontFace` keeps it behind a lock.
final class FreeTypeFace: @unchecked Sendable {  // used only under FontFace's lock
    let library: FT_Library
    let face: FT_Face
    private let blob: HarfBuzzBlob  // the face reads these bytes; keep them alive

    /// Opens face `index` of the blob's bytes; throws FreeType's error code when the data is not a font
    /// FreeType accepts.
    init(blob: HarfBuzzBlob, index: Int) throws(NativeError) {
        self.blob = blob
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw NativeError.freeType(status, "FT_Init_FreeType") }
        var face: FT_Face?
        let bytes = blob.bytes
        let opened = FT_New_Memory_Face(
            library, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count),
            FT_Long(index), &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            throw NativeError.freeType(opened, "FT_New_Memory_Face")
        }
        self.library = library
        self.face = face
        let upem = FT_F26Dot6(max(Int(face.pointee.units_per_EM), 16)) << 6
        FT_Set_Char_Size(face, 0, upem, 72, 72)  // one 26.6 pixel per design unit: outlines in design units × 64
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Sets variation coordinates (user-space axis values) before loading outlines; an empty dictionary
    /// restores the default instance.
    func setVariation(_ variation: [OpenTypeTag: Double], axes: [OpenTypeTag]) {
        guard !axes.isEmpty else { return }
        if variation.isEmpty {
            FT_Set_Var_Design_Coordinates(face, 0, nil)
            return
        }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return }
        defer { FT_Done_MM_Var(library, master) }
        let count = Int(master.pointee.num_axis)
        var coordinates = [FT_Fixed](repeating: 0, count: count)
        for axis in 0..<count {
            let info = master.pointee.axis[axis]
            let tag = OpenTypeTag(rawValue: UInt32(truncatingIfNeeded: info.tag))
            let value = variation[tag].map { FT_Fixed(($0 * 65536).rounded()) } ?? info.def
            coordinates[axis] = min(max(value, info.minimum), info.maximum)
        }
        FT_Set_Var_Design_Coordinates(face, FT_UInt(count), &coordinates)
    }

    /// The outline of a glyph in design units (y-up), or nil for a glyph without an outline (bitmap or
    /// colour glyphs, or a glyph id out of range).
    func outline(glyph: UInt32) -> Path? {
        let flags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_IGNORE_TRANSFORM)
        guard FT_Load_Glyph(face, glyph, flags) == 0 else { return nil }
        guard face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        let builder = OutlineBuilder()
        var functions = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user).move(to!.pointee); return 0 },
            line_to: { to, user in OutlineBuilder.from(user).line(to!.pointee); return 0 },
            conic_to: { control, to, user in
                OutlineBuilder.from(user).quad(control!.pointee, to!.pointee); return 0
            },
            cubic_to: { c1, c2, to, user in
                OutlineBuilder.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee); return 0
            },
            shift: 0, delta: 0)
        let status = withUnsafeMutablePointer(to: &face.pointee.glyph.pointee.outline) { outline in
            FT_Outline_Decompose(outline, &functions, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard status == 0 else { return nil }
        return builder.finish()
    }
}

/// Collects FreeType's decomposition callbacks into a `Path` (26.6 units → design units).
private final class OutlineBuilder {
    var path = Path()
    var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    func point(_ vector: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(vector.x) / 64, y: CGFloat(vector.y) / 64) }

    func move(_ to: FT_Vector) {
        if open { path.closeSubpath() }
        path.move(to: point(to))
        open = true
    }
    func line(_ to: FT_Vector) { path.addLine(to: point(to)) }
    func quad(_ control: FT_Vector, _ to: FT_Vector) { path.addQuadCurve(to: point(to), control: point(control)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
    }
    func finish() -> Path {
        if open { path.closeSubpath() }
        return path
    }
}
