import Foundation
import Galley
import GalleyDocuments
import Testing

/// Galley's attribute values in Foundation's `NSAttributedString` on Linux (FoundationAttributeValue.swift).
///
/// The reference is CoreFoundation's own rule (swift-corelibs-foundation, CFRuntime.c: `CFEqual` asks Swift's
/// `isEqual` only for objects whose type ID — bits 8–17 of the third word, `__CFGenericTypeID_inline` — is not 0,
/// and halts when neither object qualifies). Before this, the `markdown` fuzzer's corpus replayed 120 times halted
/// in every one of 10 runs; after it, none did.
@Suite struct FoundationAttributeValueTests {
    static let font = try! TestFonts.font("DejaVuSans.ttf", size: 12)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// The type ID CoreFoundation reads from an object Foundation stores.
    static func coreFoundationTypeID(_ object: AnyObject) -> UInt {
        let word = Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: 16, as: UInt.self)
        return (word >> 8) & 0x3FF
    }

    /// The object Foundation stores for a value in an attribute dictionary (its bridging does `as AnyObject`).
    static func stored(_ value: Any) -> NSObject? {
        value as AnyObject as? NSObject
    }

    @Test func everyGalleyValueReadsAsASwiftObjectToCoreFoundation() throws {
        var style = ParagraphStyle()
        style.alignment = .center
        let values: [(String, AnyObject)] = [
            ("Font", Self.font),
            ("Font at another size", try Self.font.withSize(13)),
            ("RunDelegate", RunDelegate(width: 1, ascent: 1, descent: 0)),
            ("TextAttachment", TextAttachment(contents: nil, bounds: CGRect(x: 0, y: 0, width: 4, height: 4))),
            ("Color", Color.black as AnyObject),
            ("ParagraphStyle", style as AnyObject),
            ("FontFeatureSetting", FontFeatureSetting("smcp") as AnyObject),
            ("UnderlineStyle", UnderlineStyle.double as AnyObject),
            ("WritingDirectionEmbedding", WritingDirectionEmbedding(.rightToLeft) as AnyObject),
        ]
        for (name, object) in values {
            #expect(Self.stored(object) != nil, "\(name) is not an NSObject to Foundation")
            #expect(Self.coreFoundationTypeID(object) != 0, "\(name) reads as type ID 0, which CFEqual halts on")
        }
    }

    /// Lengths go in as Double, which Foundation makes an NSNumber: a CGFloat it boxes, and a boxed 1.0 reads as type
    /// ID 0 (found by the rtf fuzzer: two runs with different baseline offsets halted).
    @Test func lengthsAreNumbers() throws {
        #expect(Self.stored(CGFloat(1)) == nil || Self.coreFoundationTypeID(CGFloat(1) as AnyObject) == 0,
                "this Foundation bridges CGFloat now: the Double conversions can go")
        var attributes = StringAttributes()
        attributes.kern = 1
        attributes.tracking = 2
        attributes.strokeWidth = 3
        attributes.baselineOffset = 4
        for key in [NSAttributedString.Key.kern, .tracking, .strokeWidth, .baselineOffset] {
            #expect(attributes.dictionary[key].map { $0 as AnyObject } is NSNumber, "\(key.rawValue)")
        }
        let rtf = try AttributedDocument.read(Data("{\\rtf1 a{\\up2 b}{\\up4 c}{\\expndtw20 d}{\\expndtw40 e}}".utf8), type: .rtf,
                                              style: MarkdownStyle(font: Self.font))
        for index in 1..<rtf.length {
            for value in rtf.attributes(at: index, effectiveRange: nil).values where !(value is Font) && !(value is ParagraphStyle) {
                #expect(value as AnyObject is NSNumber, "\(value) at \(index)")
            }
        }
    }

    @Test func valuesComeBackTyped() throws {
        var style = ParagraphStyle()
        style.firstLineHeadIndent = 7
        let features = [FontFeatureSetting("smcp"), FontFeatureSetting("liga", 0)]
        let text = NSMutableAttributedString(string: "abcd", attributes: [
            .font: Self.font, .foregroundColor: Self.red, .paragraphStyle: style, .fontFeatureSettings: features,
        ])
        text.addAttribute(.foregroundColor, value: Self.blue, range: NSRange(location: 2, length: 2))
        let copies = [text, NSAttributedString(attributedString: text), text.attributedSubstring(from: NSRange(location: 1, length: 3))]
        for copy in copies {
            let attributes = copy.attributes(at: copy.length - 1, effectiveRange: nil)
            #expect(attributes[.foregroundColor] as? Color == Self.blue)
            #expect(attributes[.paragraphStyle] as? ParagraphStyle == style)
            #expect(attributes[.fontFeatureSettings] as? [FontFeatureSetting] == features)
            #expect(attributes[.font] as? Font == Self.font)
            #expect(StringAttributes(attributes).foregroundColor == Self.blue)
        }
        var seen: [Color] = []
        text.enumerateAttribute(.foregroundColor, in: NSRange(location: 0, length: 4)) { value, _, _ in
            if let color = value as? Color { seen.append(color) }
        }
        #expect(seen == [Self.red, Self.blue])
        #expect(Self.stored(Self.red)?.isEqual(Self.stored(Self.red)) == true)
        #expect(Self.stored(Self.red)?.isEqual(Self.stored(Self.blue)) == false)
    }

    /// The pattern that halted: neighbouring runs that differ in one Galley value (so CoreFoundation compares the
    /// values), set run by run, appended, and read back by longest effective range, over many fresh objects. Before
    /// the fix this halted only now and then (where the values' storage landed decided it), so the test above, on the
    /// layout CoreFoundation reads, is the one that always failed; this one keeps the whole pattern exercised.
    @Test func neighbouringRunsOfDifferentValuesCompareWithoutHalting() throws {
        let sizes: [CGFloat] = [9, 10, 11, 12, 14]
        for round in 0..<3_000 {
            var runs: [[NSAttributedString.Key: Any]] = []
            for index in 0..<8 {
                let pick = (round * 7 + index * 3) % 5  // neighbours differ, and every pair of values meets
                var style = ParagraphStyle()
                style.headIndent = CGFloat(pick)
                let value: Any = switch round % 7 {  // one kind a round: neighbours compare like with like
                case 0: try Self.font.withSize(sizes[pick])
                case 1: Color(red: CGFloat(pick) / 4, green: 0, blue: 0)
                case 2: style
                case 3: [FontFeatureSetting(string: "ss0\(pick + 1)")!]
                case 4: FontFeatureSetting(OpenTypeTag(rawValue: UInt32(pick)), pick)
                case 5: UnderlineStyle(rawValue: pick + 1)
                default: RunDelegate(width: CGFloat(pick), ascent: 1, descent: 1)
                }
                runs.append([.init("Value"): value, .kern: 1])
            }
            let text = NSMutableAttributedString(string: String(repeating: "ab", count: runs.count))
            let appended = NSMutableAttributedString(string: "")
            for (index, attributes) in runs.enumerated() {
                text.setAttributes(attributes, range: NSRange(location: 2 * index, length: 2))
                appended.append(NSAttributedString(string: "ab", attributes: attributes))
            }
            var count = 0
            appended.enumerateAttributes(in: NSRange(location: 0, length: appended.length)) { _, _, _ in count += 1 }
            text.enumerateAttributes(in: NSRange(location: 0, length: text.length)) { _, _, _ in count += 1 }
            #expect(count >= 2)
        }
    }
}
