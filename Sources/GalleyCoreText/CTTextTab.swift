import Foundation
import Galley

/// Core Text: `kCTTabColumnTerminatorsAttributeName`.
public var kCTTabColumnTerminatorsAttributeName: CFString { "NSTabColumnTerminatorsAttributeName" }

/// A tab stop: Galley's `TextTab` as an object, for `CFArray`s of tab stops. Core Text: `CTTextTab`.
public final class CTTextTab: NSObject, @unchecked Sendable {
    // Must stay the first stored property (Galley's FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value
    /// The tab stop.
    public let tab: TextTab
    /// The options as given.
    let options: CFDictionary?

    init(tab: TextTab, options: CFDictionary?) {
        self.tab = tab
        self.options = options
    }
}

/// A tab stop at `location` with an alignment and, in `options`, column terminators (a `CFCharacterSet`-like set of
/// characters given as a string). Core Text: `CTTextTabCreate`.
public func CTTextTabCreate(_ alignment: CTTextAlignment, _ location: Double, _ options: CFDictionary?) -> CTTextTab {
    let terminators = (options?[kCTTabColumnTerminatorsAttributeName as String] as? String).map { Set($0) }
    return CTTextTab(tab: TextTab(alignment: alignment.galley, location: CGFloat(location), columnTerminators: terminators), options: options)
}

/// Core Text: `CTTextTabGetAlignment`.
public func CTTextTabGetAlignment(_ tab: CTTextTab) -> CTTextAlignment {
    switch tab.tab.alignment {
    case .left: .left
    case .right: .right
    case .center: .center
    case .justified: .justified
    case .natural: .natural
    }
}

/// Core Text: `CTTextTabGetLocation`.
public func CTTextTabGetLocation(_ tab: CTTextTab) -> Double { Double(tab.tab.location) }

/// Core Text: `CTTextTabGetOptions`.
public func CTTextTabGetOptions(_ tab: CTTextTab) -> CFDictionary? { tab.options }
