import Foundation

/// An error from reading, registering or creating a font, carrying Core Text's error code and the file
/// or value that failed.
///
/// Core Text: `CTFontManagerError` in `kCTFontManagerErrorDomain` (fileNotFound 101, unrecognizedFormat 103,
/// invalidFontData 104, alreadyRegistered 105, notRegistered 201, …). Galley adds codes above 1000 for
/// what Core Text answers with NULL: an invalid size, a face index out of range, an empty catalog.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as Core Text's numeric codes where Core Text has one.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The file does not exist. Core Text: `kCTFontManagerErrorFileNotFound`.
        public static let fileNotFound = Code(rawValue: 101)
        /// The file cannot be read. Core Text: `kCTFontManagerErrorInsufficientPermissions`.
        public static let insufficientPermissions = Code(rawValue: 102)
        /// The data is not a font format Galley reads. Core Text: `kCTFontManagerErrorUnrecognizedFormat`.
        public static let unrecognizedFormat = Code(rawValue: 103)
        /// The data looks like a font but is damaged. Core Text: `kCTFontManagerErrorInvalidFontData`.
        public static let invalidFontData = Code(rawValue: 104)
        /// The file is already registered. Core Text: `kCTFontManagerErrorAlreadyRegistered`.
        public static let alreadyRegistered = Code(rawValue: 105)
        /// The file was never registered. Core Text: `kCTFontManagerErrorNotRegistered`.
        public static let notRegistered = Code(rawValue: 201)
        /// fontconfig refused the registration. Core Text: `kCTFontManagerErrorRegistrationFailed`.
        public static let registrationFailed = Code(rawValue: 301)
        /// A URL that is not a file path. Core Text: `kCTFontManagerErrorInvalidFilePath`.
        public static let invalidFilePath = Code(rawValue: 306)
        /// A face index past the faces of a font collection file (Galley).
        public static let faceIndexOutOfRange = Code(rawValue: 1001)
        /// A size or matrix that is negative, NaN or infinite (Galley; Core Text's result is undefined).
        public static let invalidSize = Code(rawValue: 1002)
        /// The catalog has no font at all to match against (Galley).
        public static let noFontsAvailable = Code(rawValue: 1003)
        /// A fontconfig configuration file that fontconfig cannot load (Galley).
        public static let invalidConfiguration = Code(rawValue: 1004)
    }

    /// The error's code.
    public let code: Code
    /// The file involved, if any.
    public let url: URL?
    /// A sentence saying what failed, naming the file or value.
    public let message: String

    init(_ code: Code, url: URL? = nil, _ message: String) {
        self.code = code
        self.url = url
        self.message = message
    }

    public var description: String { "FontError \(code.rawValue): \(message)" }
}
