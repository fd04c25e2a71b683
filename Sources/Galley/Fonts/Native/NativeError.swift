/// The one place where C libraries' failures become Swift errors inside Galley. Public API converts these
/// into `FontError` with the file or value that failed.
enum NativeError: Error, CustomStringConvertible {
    case freeType(Int32, String)
    case fontconfig(String)
    case harfBuzz(String)

    var description: String {
        switch self {
        case .freeType(let code, let call): "FreeType error \(code) in \(call)"
        case .fontconfig(let what): "fontconfig: \(what)"
        case .harfBuzz(let what): "HarfBuzz: \(what)"
        }
    }
}
