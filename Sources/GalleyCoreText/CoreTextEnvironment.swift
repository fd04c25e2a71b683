import Foundation
import Galley

/// Where GalleyCoreText's font calls look for fonts: the system's fonts unless set (a program that ships its fonts
/// sets a catalog of them once, as an app registers its bundle's fonts with `CTFontManagerRegisterFontsForURL`).
/// Galley only.
public enum CoreTextEnvironment {
    private static let catalogStorage = Locked<FontCatalog?>(nil)
    private static let fontStorage = Locked<Font?>(nil)

    /// The catalog `CTFontCreateWithName` and the descriptor calls use.
    public static var fontCatalog: FontCatalog {
        get { catalogStorage.withLock { $0 } ?? .system }
        set { catalogStorage.withLock { $0 = newValue } }
    }

    /// The font for text without one (Core Text's Helvetica 12): Galley's `Font.defaultFont` unless set (nil only
    /// when there is no font at all).
    public static var defaultFont: Font? {
        get { fontStorage.withLock { $0 } ?? Font.defaultFont }
        set { fontStorage.withLock { $0 = newValue } }
    }
}
