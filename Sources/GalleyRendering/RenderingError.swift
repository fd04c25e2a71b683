import Foundation

/// Why a canvas could not be made or written, with the file or size that failed.
public struct RenderingError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Code: Sendable {
        /// A width, height or scale that is not a positive finite number, or a surface too large.
        case invalidSize
        /// Cairo could not create or write the surface or file.
        case cairoFailure
    }

    public let code: Code
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
