import Foundation
import Galley

/// Galley's archive: an attributed string as JSON that keeps every Galley attribute exactly — for tests, and for
/// apps that save documents. The text is a string (a Swift string: an unpaired surrogate is already U+FFFD there),
/// and the attributes come as runs of UTF-16 lengths. Fonts are kept by PostScript name, size and matrix and found again
/// in the reading style's catalog; an attachment keeps its contents; a plain run delegate keeps its metrics (not
/// its `userInfo`); keys Galley does not know are not kept.
struct DocumentArchive: Codable {
    var format = "galley-archive"
    var version = 1
    var text: String
    var runs: [Run]

    struct Run: Codable {
        var length: Int
        var attributes: Attributes
    }

    struct FontRecord: Codable, Equatable {
        var postScriptName: String
        var size: CGFloat
        var matrix: [CGFloat]?

        /// A font's name, size and matrix (left out when it is the identity).
        init(_ font: Font) {
            let matrix = font.matrix
            postScriptName = font.postScriptName
            size = font.size
            self.matrix = matrix == AffineTransform() ? nil : [matrix.m11, matrix.m12, matrix.m21, matrix.m22, matrix.tX, matrix.tY]
        }

        /// The font found again by its name in a catalog; nil when none is.
        func font(catalog: FontCatalog) -> Font? {
            let transform = matrix.flatMap { $0.count == 6 ? AffineTransform(m11: $0[0], m12: $0[1], m21: $0[2], m22: $0[3], tX: $0[4], tY: $0[5]) : nil }
            return try? Font(name: postScriptName, size: size, matrix: transform, catalog: catalog)
        }
    }

    struct DelegateRecord: Codable {
        var width: CGFloat, ascent: CGFloat, descent: CGFloat
    }

    struct ShadowRecord: Codable {
        var offset: CGSize
        var blurRadius: CGFloat
        var color: Color
    }

    /// A ruby: its texts by position (`RubyPosition`'s raw values), alignment, overhang and size factor; its own
    /// attributes' font and colour.
    struct RubyRecord: Codable {
        var text: [String: String]
        var alignment: RubyAlignment
        var overhang: RubyOverhang
        var sizeFactor: CGFloat
        var font: FontRecord?
        var color: Color?
    }

    struct AttachmentRecord: Codable {
        var contents: Data?
        var fileType: String?
        var bounds: CGRect
        /// Absent in archives written before attachments could fit their line (false).
        var fitsLineFragment: Bool?
    }

    /// Every attribute Galley reads, and those its documents carry.
    struct Attributes: Codable {
        var font: FontRecord?
        var foregroundColor: Color?
        var foregroundColorFromContext: Bool?
        var backgroundColor: Color?
        var kern: CGFloat?
        var tracking: CGFloat?
        var ligature: Int?
        var paragraphStyle: ParagraphStyle?
        var strokeWidth: CGFloat?
        var strokeColor: Color?
        var underlineStyle: UnderlineStyle?
        var underlineColor: Color?
        var strikethroughStyle: UnderlineStyle?
        var strikethroughColor: Color?
        var superscript: Int?
        var baselineOffset: CGFloat?
        var language: String?
        var writingDirection: [WritingDirectionEmbedding]?
        var featureSettings: [FontFeatureSetting]?
        var runDelegate: DelegateRecord?
        var attachment: AttachmentRecord?
        var verticalForms: Bool?
        var horizontalInVerticalForms: Int?
        var ruby: RubyRecord?
        /// Absent in archives written before obliqueness was read (0).
        var obliqueness: CGFloat?
        /// Absent in archives written before shadows were read.
        var shadow: ShadowRecord?
        var link: String?
        var inlinePresentationIntent: UInt?
        var headingLevel: Int?
        var listMarker: String?
    }

    init(_ text: NSAttributedString) {
        self.text = text.string
        var runs: [Run] = []
        // Stored runs, not longest effective ranges (AttributedText.init says why).
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: .longestEffectiveRangeNotRequired) { attributes, range, _ in
            runs.append(Run(length: range.length, attributes: Attributes(attributes)))
        }
        self.runs = runs
    }

    /// The attributed string, fonts found in `catalog`.
    func attributedString(catalog: FontCatalog) -> NSAttributedString {
        let result = NSMutableAttributedString(string: text)
        let count = result.length
        var start = 0
        for run in runs {
            let length = min(max(run.length, 0), count - start)
            guard length > 0 else { continue }
            result.setAttributes(run.attributes.dictionary(catalog: catalog), range: NSRange(location: start, length: length))
            start += length
        }
        return result
    }
}

extension DocumentArchive.Attributes {
    init(_ dictionary: [NSAttributedString.Key: Any]) {
        let attributes = StringAttributes(dictionary)
        font = attributes.font.map(DocumentArchive.FontRecord.init)
        foregroundColor = attributes.foregroundColor
        foregroundColorFromContext = attributes.foregroundColorFromContext ? true : nil
        backgroundColor = attributes.backgroundColor
        kern = attributes.kern
        tracking = attributes.tracking == 0 ? nil : attributes.tracking
        ligature = attributes.ligature == 1 ? nil : attributes.ligature
        paragraphStyle = attributes.paragraphStyle
        strokeWidth = attributes.strokeWidth == 0 ? nil : attributes.strokeWidth
        strokeColor = attributes.strokeColor
        underlineStyle = attributes.underlineStyle.isEmpty ? nil : attributes.underlineStyle
        underlineColor = attributes.underlineColor
        strikethroughStyle = attributes.strikethroughStyle.isEmpty ? nil : attributes.strikethroughStyle
        strikethroughColor = attributes.strikethroughColor
        superscript = attributes.superscript == 0 ? nil : attributes.superscript
        baselineOffset = attributes.baselineOffset == 0 ? nil : attributes.baselineOffset
        language = attributes.language
        writingDirection = attributes.writingDirection.isEmpty ? nil : attributes.writingDirection
        featureSettings = attributes.featureSettings.isEmpty ? nil : attributes.featureSettings
        if let attachment = attributes.runDelegate as? TextAttachment {
            self.attachment = DocumentArchive.AttachmentRecord(contents: attachment.contents, fileType: attachment.fileType, bounds: attachment.bounds,
                                                                   fitsLineFragment: attachment.fitsLineFragment ? true : nil)
        } else if let delegate = attributes.runDelegate {
            runDelegate = DocumentArchive.DelegateRecord(width: delegate.width, ascent: delegate.ascent, descent: delegate.descent)
        }
        verticalForms = attributes.verticalForms ? true : nil
        horizontalInVerticalForms = attributes.horizontalInVerticalForms != 0 ? attributes.horizontalInVerticalForms : nil
        ruby = attributes.rubyAnnotation.map { ruby in
            DocumentArchive.RubyRecord(text: Dictionary(uniqueKeysWithValues: ruby.text.map { (String($0.key.rawValue), $0.value) }),
                                       alignment: ruby.alignment, overhang: ruby.overhang, sizeFactor: ruby.sizeFactor,
                                       font: (ruby.attributes[.font] as? Font).map(DocumentArchive.FontRecord.init),
                                       color: ruby.attributes[.foregroundColor] as? Color)
        }
        obliqueness = attributes.obliqueness == 0 ? nil : attributes.obliqueness
        shadow = attributes.shadow.map { DocumentArchive.ShadowRecord(offset: $0.offset, blurRadius: $0.blurRadius, color: $0.color) }
        link = (dictionary[.link] as? URL)?.absoluteString ?? dictionary[.link] as? String
        inlinePresentationIntent = InlinePresentationIntent(attributeValue: dictionary[.inlinePresentationIntent])?.rawValue
        headingLevel = dictionary[.headingLevel] as? Int
        listMarker = dictionary[MarkdownReader.listMarkerKey] as? String
    }

    func dictionary(catalog: FontCatalog) -> [NSAttributedString.Key: Any] {
        var result: [NSAttributedString.Key: Any] = [:]
        if let found = font?.font(catalog: catalog) { result[.font] = found }
        result[.foregroundColor] = foregroundColor
        // Lengths as Double, which Foundation stores as NSNumber (CGFloat it boxes: see FoundationAttributeValue.swift).
        if foregroundColorFromContext == true { result[.foregroundColorFromContext] = true }
        result[.backgroundColor] = backgroundColor
        result[.kern] = kern.map(Double.init)
        result[.tracking] = tracking.map(Double.init)
        result[.ligature] = ligature
        result[.paragraphStyle] = paragraphStyle
        result[.strokeWidth] = strokeWidth.map(Double.init)
        result[.strokeColor] = strokeColor
        result[.underlineStyle] = underlineStyle?.rawValue
        result[.underlineColor] = underlineColor
        result[.strikethroughStyle] = strikethroughStyle?.rawValue
        result[.strikethroughColor] = strikethroughColor
        result[.superscript] = superscript
        result[.baselineOffset] = baselineOffset.map(Double.init)
        result[.language] = language
        result[.writingDirection] = writingDirection?.map(\.rawValue)
        result[.fontFeatureSettings] = featureSettings
        if let runDelegate { result[.runDelegate] = RunDelegate(width: runDelegate.width, ascent: runDelegate.ascent, descent: runDelegate.descent) }
        if let attachment { result[.attachment] = TextAttachment(contents: attachment.contents, fileType: attachment.fileType, bounds: attachment.bounds,
                                                                  fitsLineFragment: attachment.fitsLineFragment ?? false) }
        if verticalForms == true { result[.verticalForms] = true }
        if let horizontalInVerticalForms { result[.horizontalInVerticalForms] = horizontalInVerticalForms }
        if let ruby {
            var attributes: [NSAttributedString.Key: any Sendable] = [:]
            if let record = ruby.font, let font = record.font(catalog: catalog) { attributes[.font] = font }
            if let color = ruby.color { attributes[.foregroundColor] = color }
            let texts = Dictionary(uniqueKeysWithValues: ruby.text.compactMap { key, value in Int(key).flatMap(RubyPosition.init(rawValue:)).map { ($0, value) } })
            result[.rubyAnnotation] = RubyAnnotation(text: texts, alignment: ruby.alignment, overhang: ruby.overhang, sizeFactor: ruby.sizeFactor,
                                                     attributes: attributes)
        }
        if let obliqueness { result[.obliqueness] = Double(obliqueness) }
        if let shadow { result[.shadow] = Shadow(offset: shadow.offset, blurRadius: shadow.blurRadius, color: shadow.color) }
        result[.link] = link.flatMap { URL(string: $0) }
        result[.inlinePresentationIntent] = inlinePresentationIntent
        result[.headingLevel] = headingLevel
        result[MarkdownReader.listMarkerKey] = listMarker
        return result
    }
}
