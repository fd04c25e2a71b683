import Foundation
import Galley

/// Core Text: `CTFontCollection`.
public typealias CTFontCollection = FontCollection

/// Core Text: `kCTFontCollectionRemoveDuplicatesOption`.
public var kCTFontCollectionRemoveDuplicatesOption: CFString { "NSCTFontCollectionRemoveDuplicatesOption" }

/// Whether an options dictionary asks for duplicates to be removed.
private func removesDuplicates(_ options: CFDictionary?) -> Bool {
    (options?[kCTFontCollectionRemoveDuplicatesOption as String] as? NSNumber)?.boolValue ?? false
}

/// Every face of `CoreTextEnvironment.fontCatalog`. Core Text: `CTFontCollectionCreateFromAvailableFonts`.
public func CTFontCollectionCreateFromAvailableFonts(_ options: CFDictionary?) -> CTFontCollection {
    FontCollection.availableFonts(in: CoreTextEnvironment.fontCatalog, removeDuplicates: removesDuplicates(options))
}

/// The faces matching any of `queryDescriptors` (an array of `CTFontDescriptor`s). Core Text:
/// `CTFontCollectionCreateWithFontDescriptors`.
public func CTFontCollectionCreateWithFontDescriptors(_ queryDescriptors: CFArray?, _ options: CFDictionary?) -> CTFontCollection {
    FontCollection(queryDescriptors: (queryDescriptors as? [FontDescriptor]) ?? [], catalog: CoreTextEnvironment.fontCatalog,
                   removeDuplicates: removesDuplicates(options))
}

/// The matching descriptors in the standard order; nil when none. Core Text: `CTFontCollectionCreateMatchingFontDescriptors`.
public func CTFontCollectionCreateMatchingFontDescriptors(_ collection: CTFontCollection) -> CFArray? {
    let matches = collection.matchingDescriptors(sortedBy: FontCollection.standardOrder)
    return matches.isEmpty ? nil : matches as NSArray
}

/// Core Text: `CTFontManagerScope`.
public enum CTFontManagerScope: UInt32, Sendable {
    /// Core Text: `none`, `process`, `persistent`, `session`, `user` (all register for the process here).
    case none = 0, process = 1, persistent = 2, session = 3
    /// The user's fonts (the same as `persistent`).
    public static let user = CTFontManagerScope.persistent
}

/// Registers a font file with `CoreTextEnvironment.fontCatalog`; false (with a CFError-like `NSError`) when it
/// cannot be read. Core Text: `CTFontManagerRegisterFontsForURL`.
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<NSError>?>?) -> Bool {
    do {
        try FontManager.registerFonts(at: fontURL as URL, in: CoreTextEnvironment.fontCatalog)
        return true
    } catch let failure {
        // kCTFontManagerErrorInvalidFontData.
        error?.pointee = Unmanaged.passRetained(NSError(domain: "com.apple.CoreText.CTFontManagerErrorDomain", code: 104,
                                                        userInfo: [NSLocalizedDescriptionKey: "\(failure)"]))
        return false
    }
}

/// Core Text: `CTFontManagerUnregisterFontsForURL`.
public func CTFontManagerUnregisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<NSError>?>?) -> Bool {
    (try? FontManager.unregisterFonts(at: fontURL as URL, in: CoreTextEnvironment.fontCatalog)) != nil
}

/// The descriptors of every face in a file. Core Text: `CTFontManagerCreateFontDescriptorsFromURL`.
public func CTFontManagerCreateFontDescriptorsFromURL(_ fileURL: CFURL) -> CFArray? {
    (try? FontManager.descriptors(fromFileAt: fileURL as URL)).map { $0 as NSArray }
}

/// The descriptor of a font file's first face in memory. Core Text: `CTFontManagerCreateFontDescriptorFromData`.
public func CTFontManagerCreateFontDescriptorFromData(_ data: CFData) -> CTFontDescriptor? {
    (try? FontManager.descriptors(from: data as Data))?.first
}

/// Core Text: `CTFontManagerCopyAvailablePostScriptNames`.
public func CTFontManagerCopyAvailablePostScriptNames() -> CFArray {
    FontManager.availablePostScriptNames(in: CoreTextEnvironment.fontCatalog) as NSArray
}

/// Core Text: `CTFontManagerCopyAvailableFontFamilyNames`.
public func CTFontManagerCopyAvailableFontFamilyNames() -> CFArray {
    FontManager.availableFamilyNames(in: CoreTextEnvironment.fontCatalog) as NSArray
}

/// Core Text: `kCTFontManagerErrorDomain`.
public var kCTFontManagerErrorDomain: CFString { "com.apple.CoreText.CTFontManagerErrorDomain" }
/// Core Text: `kCTFontManagerErrorFontURLsKey`.
public var kCTFontManagerErrorFontURLsKey: CFString { "CTFontManagerErrorFontURLs" }
/// Core Text: `kCTFontManagerRegisteredFontsChangedNotification`.
public var kCTFontManagerRegisteredFontsChangedNotification: CFString { "CTFontManagerFontChangedNotification" }

/// The font manager's error codes. Core Text: `CTFontManagerError`.
public enum CTFontManagerError: CFIndex, Sendable {
    /// Core Text's codes, with their values.
    case fileNotFound = 101, insufficientPermissions = 102, unrecognizedFormat = 103, invalidFontData = 104,
        alreadyRegistered = 105, exceededResourceLimit = 106, assetNotFound = 107, notRegistered = 201, inUse = 202,
        systemRequired = 203, registrationFailed = 301, missingEntitlement = 302, insufficientInfo = 303,
        cancelledByUser = 304, duplicatedName = 305, invalidFilePath = 306, unsupportedScope = 307
}

/// Registers every file, then calls `registrationHandler` once with the errors (each an `NSError` whose user info
/// holds the file's URL under `kCTFontManagerErrorFontURLsKey`) and `true` for done. Core Text:
/// `CTFontManagerRegisterFontURLs`.
public func CTFontManagerRegisterFontURLs(_ fontURLs: CFArray, _ scope: CTFontManagerScope, _ enabled: Bool,
                                          _ registrationHandler: ((CFArray, Bool) -> Bool)?) {
    var errors: [NSError] = []
    for case let url as URL in fontURLs {
        do {
            try FontManager.registerFonts(at: url, in: CoreTextEnvironment.fontCatalog)
        } catch {
            let code = FileManager.default.fileExists(atPath: url.path) ? CTFontManagerError.invalidFontData : .fileNotFound
            errors.append(NSError(domain: kCTFontManagerErrorDomain as String, code: code.rawValue,
                                  userInfo: [kCTFontManagerErrorFontURLsKey as String: [url], NSLocalizedDescriptionKey: "\(error)"]))
        }
    }
    _ = registrationHandler?(errors as NSArray, true)
}

/// The descriptors of the fonts registered with `CoreTextEnvironment.fontCatalog`. Core Text:
/// `CTFontManagerCopyRegisteredFontDescriptors`.
public func CTFontManagerCopyRegisteredFontDescriptors(_ scope: CTFontManagerScope, _ enabled: Bool) -> CFArray {
    FontManager.registeredFontURLs(in: CoreTextEnvironment.fontCatalog).flatMap { url in
        (try? FontManager.descriptors(fromFileAt: url)) ?? []
    } as NSArray
}

/// Registers the `CGFont`'s font (its bytes) with `CoreTextEnvironment.fontCatalog`, so that name lookup and
/// fallback find it; false with the error when it cannot be. Core Text: `CTFontManagerRegisterGraphicsFont`.
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<NSError>?>?) -> Bool {
    let data = font.font.withFontFileBytes { Data($0) }
    do {
        try FontManager.registerFont(data: data, in: CoreTextEnvironment.fontCatalog)
        return true
    } catch let failure {
        error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain as String, code: failure.code.rawValue,
                                                        userInfo: [NSLocalizedDescriptionKey: "\(failure)"]))
        return false
    }
}
