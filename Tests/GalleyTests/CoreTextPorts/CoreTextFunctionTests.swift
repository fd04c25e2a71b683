import Foundation
import Galley
import GalleyCoreText
import GalleyRendering
import Testing

/// GalleyCoreText's font, descriptor, collection, tab and type calls, against what Core Text documents and what the
/// bundled fonts' own tables say (DejaVu Sans: 2048 units per em, family "DejaVu Sans", a bold face
/// "DejaVuSans-Bold"). In CoreTextPortTests' serialized suite: they set the process-wide font catalog.
extension CoreTextPortTests {
    @Test func fontsByCoreTextsNames() throws {
        let font = try #require(CTFontCreateWithName("DejaVuSans" as CFString, 14, nil))
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSans" && CTFontGetSize(font) == 14 && CTFontGetUnitsPerEm(font) == 2048)
        #expect(CTFontCopyName(font, kCTFontFamilyNameKey) == "DejaVu Sans" && CTFontCopyName(font, kCTFontSubFamilyNameKey) == "Book")
        #expect(CTFontGetAscent(font) > 0 && CTFontGetDescent(font) > 0 && CTFontGetCapHeight(font) > CTFontGetXHeight(font))
        let bold = try #require(CTFontCreateCopyWithSymbolicTraits(font, 0, nil, .traitBold, .traitBold))
        #expect(CTFontCopyPostScriptName(bold) == "DejaVuSans-Bold" && CTFontGetSymbolicTraits(bold).contains(.traitBold))
        var characters: [UInt16] = Array("Az".utf16), glyphs = [CGGlyph](repeating: 0, count: 2)
        #expect(CTFontGetGlyphsForCharacters(font, &characters, &glyphs, 2) && glyphs.allSatisfy { $0 != 0 })
        var advances = [CGSize](repeating: .zero, count: 2)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, &advances, 2)
        #expect(abs(total - Double(advances[0].width + advances[1].width)) < 1e-9 && advances[0].width > 0)
        #expect(CTFontHasTable(font, 0x676C_7966) && CTFontCopyTable(font, 0x6865_6164, []) != nil)  // 'glyf', 'head'

        // Descriptors from Core Text's attribute dictionaries.
        let traits = [kCTFontSymbolicTrait as String: NSNumber(value: CTFontSymbolicTraits.traitBold.rawValue)] as NSDictionary
        let query = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute as String: "DejaVu Sans",
                                                          kCTFontTraitsAttribute as String: traits] as NSDictionary)
        let match = try #require(CTFontDescriptorCreateMatchingFontDescriptor(query, nil))
        #expect(CTFontDescriptorCopyAttribute(match, kCTFontNameAttribute) as? String == "DejaVuSans-Bold")
        let nowhere = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute as String: "No Such Family"] as NSDictionary)
        #expect(CTFontDescriptorCreateMatchingFontDescriptors(nowhere, NSSet(object: kCTFontFamilyNameAttribute as String)) == nil)
        #expect(CTFontCopyPostScriptName(CTFontCreateWithFontDescriptor(match, 10, nil)) == "DejaVuSans-Bold")

        // Feature settings as UIFontDescriptor code writes them: AAT type and selector (tabular figures), read back
        // with both the OpenType and the AAT keys; the font sets its digits as `tnum` does.
        let tabular = [[kCTFontFeatureTypeIdentifierKey as String: 6, kCTFontFeatureSelectorIdentifierKey as String: 0]] as NSArray
        let interQuery = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute as String: "Inter",
                                                               kCTFontFeatureSettingsAttribute as String: tabular] as NSDictionary)
        let features = CTFontDescriptorCopyAttributes(interQuery) as NSDictionary
        let setting = try #require((features[kCTFontFeatureSettingsAttribute as String] as? NSArray)?.firstObject as? NSDictionary)
        #expect(setting[kCTFontOpenTypeFeatureTag as String] as? String == "tnum")
        #expect((setting[kCTFontFeatureTypeIdentifierKey as String] as? NSNumber)?.intValue == 6)
        let inter = try #require(CTFontCreateWithFontDescriptor(interQuery, 12, nil))
        func width(_ font: CTFont) -> CGFloat {
            let text = CFAttributedStringCreate(kCFAllocatorDefault, "1111" as CFString, [kCTFontAttributeName as String: font] as NSDictionary)
            return CTLineGetTypographicBounds(CTLineCreateWithAttributedString(text), nil, nil, nil)
        }
        let proportional = try #require(CTFontCreateWithName("Inter" as CFString, 12, nil))
        #expect(width(inter) > width(proportional), "tabular ones are wider than proportional ones in Inter")

        // Collections list the catalog's faces as Galley's own collection does, duplicates only on request.
        let all = try #require(CTFontCollectionCreateMatchingFontDescriptors(CTFontCollectionCreateFromAvailableFonts(nil)))
        #expect(all.count == FontCollection.availableFonts(in: TestFonts.catalog).matchingDescriptors().count)
        #expect((CTFontManagerCopyAvailableFontFamilyNames() as! [String]).contains("DejaVu Sans"))
    }

    /// `CTFontDrawGlyphs` at a run's positions (plus the text position) draws the pixels `CTLineDraw` draws.
    @Test func positionedGlyphsDrawAsTheirLine() throws {
        let string = CFAttributedStringCreate(kCFAllocatorDefault, "Typeset office" as CFString,
                                              [kCTFontAttributeName as String: CTFontCreateWithName("DejaVu Serif" as CFString, 20, nil) as Any] as NSDictionary)
        let line = CTLineCreateWithAttributedString(string)
        func context() throws -> CGContext {
            try #require(CGContext(data: nil, width: 200, height: 50, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        }
        let drawnLine = try context(), drawnGlyphs = try context()
        drawnLine.textPosition = CGPoint(x: 10, y: 15)
        CTLineDraw(line, drawnLine)
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            let count = CTRunGetGlyphCount(run)
            let font = (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
            let positions = (0..<count).map { CGPoint(x: CTRunGetPositionsPtr(run)![$0].x + 10, y: CTRunGetPositionsPtr(run)![$0].y + 15) }
            CTFontDrawGlyphs(font, CTRunGetGlyphsPtr(run)!, positions, count, drawnGlyphs)
        }
        #expect(CanvasGraphicsStateTests.pixels(drawnLine.canvas) == CanvasGraphicsStateTests.pixels(drawnGlyphs.canvas))
        #expect(CanvasGraphicsStateTests.ink(drawnGlyphs.canvas) != nil)
    }

    /// Tab stops made with `CTTextTabCreate` in a paragraph style: a right tab at 100 pt ends the tabbed word there.
    @Test func tabStopsFromTextTabs() throws {
        let tabs = [CTTextTabCreate(.right, 100, nil)] as NSArray
        let style = withUnsafeBytes(of: tabs) { bytes in
            var setting = CTParagraphStyleSetting(spec: .tabStops, valueSize: bytes.count, value: bytes.baseAddress!)
            return CTParagraphStyleCreate(&setting, 1)
        }
        #expect(style.style.tabStops.map(\.location) == [100], "\(style.style.tabStops)")
        #expect(CTTextTabGetLocation(tabs[0] as! CTTextTab) == 100 && CTTextTabGetAlignment(tabs[0] as! CTTextTab) == .right)
        let string = CFAttributedStringCreate(kCFAllocatorDefault, "a\twide" as CFString,
                                              [kCTFontAttributeName as String: CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil) as Any,
                                               kCTParagraphStyleAttributeName as String: style] as NSDictionary)
        let line = CTLineCreateWithAttributedString(string)
        #expect(abs(CTLineGetOffsetForStringIndex(line, 6, nil) - 100) < 0.01)
        #expect(CFGetTypeID(line) == CTLineGetTypeID() && CFGetTypeID(style) == CTParagraphStyleGetTypeID() && CFGetTypeID(nil) == 0)
    }

    /// Registering fonts by URL in an empty catalog: the face becomes available by name; a file that is not a font
    /// comes back as an `invalidFontData` error naming its URL; a `CGFont` reads a face from bytes, and registering
    /// it makes it found by name too.
    @Test func registeringFontFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-register-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let saved = CoreTextEnvironment.fontCatalog
        defer {
            CoreTextEnvironment.fontCatalog = saved
            try? FileManager.default.removeItem(at: folder)
        }
        CoreTextEnvironment.fontCatalog = try FontCatalog(directories: [folder])
        #expect(!(CTFontManagerCopyAvailablePostScriptNames() as! [String]).contains("DejaVuSansMono"))
        let notAFont = folder.appendingPathComponent("notes.ttf")
        try Data("not a font".utf8).write(to: notAFont)
        var reported: [NSError] = []
        CTFontManagerRegisterFontURLs([TestFonts.url("DejaVuSansMono.ttf"), notAFont] as NSArray, .process, true) { errors, done in
            reported = errors as! [NSError]
            return done
        }
        #expect((CTFontManagerCopyAvailablePostScriptNames() as! [String]).contains("DejaVuSansMono"))
        #expect(reported.count == 1 && reported.first?.code == CTFontManagerError.invalidFontData.rawValue)
        #expect((reported.first?.userInfo[kCTFontManagerErrorFontURLsKey as String] as? [URL]) == [notAFont])
        #expect(CTFontCopyPostScriptName(CTFontCreateWithName("DejaVu Sans Mono" as CFString, 9, nil)) == "DejaVuSansMono")
        let provider = try #require(CGDataProvider(url: TestFonts.url("DejaVuSerif.ttf") as NSURL))
        let graphicsFont = try #require(CGFont(provider))
        #expect(graphicsFont.postScriptName == "DejaVuSerif" && graphicsFont.unitsPerEm == 2048)
        #expect(CTFontGetSize(CTFontCreateWithGraphicsFont(graphicsFont, 0, nil, nil)) == 12)
        // A font from memory, registered: found by name afterwards; the fonts-changed notification is posted.
        #expect(!(CTFontManagerCopyAvailablePostScriptNames() as! [String]).contains("DejaVuSerif"))
        let notified = Locked(0)
        let observer = NotificationCenter.default.addObserver(forName: FontManager.registeredFontsDidChange, object: CoreTextEnvironment.fontCatalog, queue: nil) { _ in
            notified.withLock { $0 += 1 }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        var error: Unmanaged<NSError>? = nil
        #expect(CTFontManagerRegisterGraphicsFont(graphicsFont, &error) && error == nil)
        #expect((CTFontManagerCopyAvailablePostScriptNames() as! [String]).contains("DejaVuSerif") && notified.withLock { $0 } == 1)
        #expect(CTFontCopyPostScriptName(CTFontCreateWithName("DejaVu Serif" as CFString, 9, nil)) == "DejaVuSerif")
        #expect(throws: FontError.self) { try FontManager.registerFont(data: Data("no font".utf8), in: CoreTextEnvironment.fontCatalog) }
    }

    /// Core Graphics' transform order, which Foundation's `AffineTransform` on Linux reverses: `translatedBy` then
    /// `scaledBy` scales first — (1, 0) goes to (12, 0) — and a path added through it lands there.
    @Test func transformsComposeAsCoreGraphics() {
        let transform = CGAffineTransform.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 0).applying(transform) == CGPoint(x: 12, y: 0))
        #expect(CGPoint(x: 12, y: 0).applying(transform.inverted()) == CGPoint(x: 1, y: 0))
        let rotation = CGAffineTransform(rotationAngle: .pi / 2)
        let turned = CGPoint(x: 1, y: 0).applying(rotation.concatenating(CGAffineTransform(translationX: 5, y: 0)))
        #expect(abs(turned.x - 5) < 1e-12 && abs(turned.y - 1) < 1e-12)
        let path = CGMutablePath()
        path.addPath(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil), transform: transform)
        #expect(path.boundingBoxOfPath == CGRect(x: 10, y: 0, width: 2, height: 2))
        var galley = Path()
        galley.addPath(Path(rect: CGRect(x: 0, y: 0, width: 1, height: 1)), transform: transform.affineTransform)
        #expect(galley.boundingBoxOfPath == CGRect(x: 10, y: 0, width: 2, height: 2))
    }

    /// Ruby the Core Text way: CTRubyAnnotationCreate from a C array of strings by position, and
    /// CTRubyAnnotationCreateWithAttributes with a size factor; under kCTRubyAnnotationAttributeName a line shows it.
    @Test func rubyAnnotationsByCoreTextsNames() throws {
        let font = try #require(CTFontCreateWithName("DejaVuSans" as CFString, 20, nil))
        var texts: [Unmanaged<CFString>?] = [Unmanaged.passRetained("とうきょう" as CFString), nil, nil, nil]
        let ruby = CTRubyAnnotationCreate(.auto, .none, 0.5, &texts)
        texts[0]?.release()
        #expect(CTRubyAnnotationGetTextForPosition(ruby, .before) == "とうきょう" as CFString && CTRubyAnnotationGetOverhang(ruby) == .none)
        #expect(CFGetTypeID(ruby) == CTRubyAnnotationGetTypeID())
        let withAttributes = CTRubyAnnotationCreateWithAttributes(.center, .auto, .after, "ruby" as CFString,
                                                                  [kCTRubyAnnotationSizeFactorAttributeName: 0.25] as CFDictionary)
        #expect(CTRubyAnnotationGetSizeFactor(withAttributes) == 0.25 && CTRubyAnnotationGetAlignment(withAttributes) == .center)
        let string = NSMutableAttributedString(string: "東京", attributes: [kCTFontAttributeName as NSAttributedString.Key: font])
        string.addAttribute(kCTRubyAnnotationAttributeName as NSAttributedString.Key, value: ruby, range: NSRange(location: 0, length: 2))
        let line = CTLineCreateWithAttributedString(string)
        #expect(line.line.rubies.count == 1)
        // The line is as tall as the base and its ruby above it.
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil) > 40)
    }
}
