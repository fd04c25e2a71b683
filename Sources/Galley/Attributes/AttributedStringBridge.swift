import Foundation

// Swift's `AttributedString` and `NSAttributedString` through Galley's attribute scope. Foundation on Apple
// platforms converts between them (`NSAttributedString(_:including:)`, `AttributedString(_:including:)`); Foundation
// on Linux has no such bridge, so Galley provides it for its own scope, through `StringAttributes` (the one place
// that knows what each Core Text key holds).

extension StringAttributes {
    /// Reads Galley's scope from an attribute container (other scopes are ignored), with the same checks as a
    /// dictionary's values get (`init(_:)` with Core Text's keys): lengths limited, NaN and infinite numbers absent.
    public init(_ container: AttributeContainer) {
        typealias Scope = AttributeScopes.GalleyAttributes
        var dictionary: [NSAttributedString.Key: Any] = [:]
        func read<Key: AttributedStringKey>(_ key: Key.Type) where Key.Value: Sendable {
            if let value = container[Key.self] { dictionary[NSAttributedString.Key(Key.name)] = value }
        }
        read(Scope.FontAttribute.self)
        read(Scope.ForegroundColorAttribute.self)
        read(Scope.ForegroundColorFromContextAttribute.self)
        read(Scope.BackgroundColorAttribute.self)
        read(Scope.KernAttribute.self)
        read(Scope.TrackingAttribute.self)
        read(Scope.LigatureAttribute.self)
        read(Scope.ParagraphStyleAttribute.self)
        read(Scope.StrokeWidthAttribute.self)
        read(Scope.StrokeColorAttribute.self)
        read(Scope.UnderlineColorAttribute.self)
        read(Scope.StrikethroughColorAttribute.self)
        read(Scope.SuperscriptAttribute.self)
        read(Scope.BaselineOffsetAttribute.self)
        read(Scope.LanguageAttribute.self)
        read(Scope.FontFeatureSettingsAttribute.self)
        read(Scope.RunDelegateAttribute.self)
        read(Scope.VerticalFormsAttribute.self)
        read(Scope.HorizontalInVerticalFormsAttribute.self)
        read(Scope.RubyAnnotationAttribute.self)
        read(Scope.ObliquenessAttribute.self)
        read(Scope.ExpansionAttribute.self)
        read(Scope.ShadowAttribute.self)
        self.init(dictionary)
        // Typed in the scope, not numbers: taken as they are.
        underlineStyle = container[Scope.UnderlineStyleAttribute.self] ?? []
        strikethroughStyle = container[Scope.StrikethroughStyleAttribute.self] ?? []
        writingDirection = container[Scope.WritingDirectionAttribute.self] ?? []
    }

    /// The attributes in Galley's scope (only those that differ from the defaults, as `dictionary`).
    public var container: AttributeContainer {
        typealias Scope = AttributeScopes.GalleyAttributes
        var container = AttributeContainer()
        container[Scope.FontAttribute.self] = font
        container[Scope.ForegroundColorAttribute.self] = foregroundColor
        if foregroundColorFromContext { container[Scope.ForegroundColorFromContextAttribute.self] = true }
        container[Scope.BackgroundColorAttribute.self] = backgroundColor
        container[Scope.KernAttribute.self] = kern
        if tracking != 0 { container[Scope.TrackingAttribute.self] = tracking }
        if ligature != 1 { container[Scope.LigatureAttribute.self] = ligature }
        container[Scope.ParagraphStyleAttribute.self] = paragraphStyle
        if strokeWidth != 0 { container[Scope.StrokeWidthAttribute.self] = strokeWidth }
        container[Scope.StrokeColorAttribute.self] = strokeColor
        if !underlineStyle.isEmpty { container[Scope.UnderlineStyleAttribute.self] = underlineStyle }
        container[Scope.UnderlineColorAttribute.self] = underlineColor
        if !strikethroughStyle.isEmpty { container[Scope.StrikethroughStyleAttribute.self] = strikethroughStyle }
        container[Scope.StrikethroughColorAttribute.self] = strikethroughColor
        if superscript != 0 { container[Scope.SuperscriptAttribute.self] = superscript }
        if baselineOffset != 0 { container[Scope.BaselineOffsetAttribute.self] = baselineOffset }
        container[Scope.LanguageAttribute.self] = language
        if !writingDirection.isEmpty { container[Scope.WritingDirectionAttribute.self] = writingDirection }
        if !featureSettings.isEmpty { container[Scope.FontFeatureSettingsAttribute.self] = featureSettings }
        container[Scope.RunDelegateAttribute.self] = runDelegate
        if verticalForms { container[Scope.VerticalFormsAttribute.self] = true }
        if horizontalInVerticalForms != 0 { container[Scope.HorizontalInVerticalFormsAttribute.self] = horizontalInVerticalForms }
        container[Scope.RubyAnnotationAttribute.self] = rubyAnnotation
        if obliqueness != 0 { container[Scope.ObliquenessAttribute.self] = obliqueness }
        if expansion != 0 { container[Scope.ExpansionAttribute.self] = expansion }
        container[Scope.ShadowAttribute.self] = shadow
        return container
    }
}

extension NSAttributedString {
    /// The text of a Swift attributed string with its attributes in Galley's scope under Core Text's keys (other
    /// scopes' attributes are left out; a `TextAttachment` delegate goes under the attachment key).
    ///
    /// Foundation: `NSAttributedString(_:including:)` with `\.galley` (Foundation on Linux has none).
    public convenience init(_ string: AttributedString, including scope: KeyPath<AttributeScopes, AttributeScopes.GalleyAttributes.Type>) {
        let result = NSMutableAttributedString(string: String(string.characters))
        var offset = 0
        for run in string.runs {
            let length = string.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let attributes = StringAttributes(run.attributes).dictionary
            if !attributes.isEmpty { result.addAttributes(attributes, range: NSRange(location: offset, length: length)) }
            offset += length
        }
        self.init(attributedString: result)
    }
}

extension AttributedString {
    /// A Swift attributed string with the attributes of `string` that Galley reads, in Galley's scope (other keys are
    /// left out). Runs split where the attributes Galley reads change.
    ///
    /// Foundation: `AttributedString(_:including:)` with `\.galley` (Foundation on Linux has none).
    public init(_ string: NSAttributedString, including scope: KeyPath<AttributeScopes, AttributeScopes.GalleyAttributes.Type>) {
        var result = AttributedString()
        let text = string.string as NSString
        // Not the longest effective ranges: Foundation on Linux would compare runs' values (FoundationAttributeValue.swift).
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: .longestEffectiveRangeNotRequired) { attributes, range, _ in
            result.append(AttributedString(text.substring(with: range), attributes: StringAttributes(attributes).container))
        }
        self = result
    }
}
