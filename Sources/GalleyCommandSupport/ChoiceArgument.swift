import ArgumentParser

/// An option whose value is one of a fixed set of words (`--align natural`): a `String`-backed enum.
///
/// swift-argument-parser's defaults for such enums spell each case through a key path and string interpolation,
/// which a fresh process pays for in the Swift runtime's metadata lookups (about 5 million instructions for the
/// first of them, a third of a millisecond of `galley render`); the case's raw value is the same word.
package protocol ChoiceArgument: CaseIterable, RawRepresentable<String>, ExpressibleByArgument {}

extension ChoiceArgument {
    /// The raw values, in case order.
    package static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// None: the help lists the words themselves.
    package static var allValueDescriptions: [String: String] { [:] }
    /// The raw value.
    package var defaultValueDescription: String { rawValue }
}
