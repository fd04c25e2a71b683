internal import CFontconfig
internal import CHarfBuzz
import Foundation

extension FontDescriptor {
    /// The descriptor of a face fontconfig found: names, file, index, traits, languages, coverage, format,
    /// and the coordinates of a named instance of a variable font.
    init(fontconfig pattern: FontconfigPattern) {
        self.init()
        family = pattern.string(FC_FAMILY)
        styleName = pattern.string(FC_STYLE)
        postScriptName = pattern.string(FC_POSTSCRIPT_NAME)
        displayName = pattern.string(FC_FULLNAME)
        if let file = pattern.string(FC_FILE) { url = URL(fileURLWithPath: file) }
        let rawIndex = pattern.integer(FC_INDEX) ?? 0
        faceIndex = rawIndex & 0xFFFF
        languages = pattern.languages()
        characterSet = pattern.codePoints()
        format = FontFormat(fontconfigName: pattern.string(FC_FONTFORMAT))

        var symbolic: SymbolicTraits = []
        let openTypeWeight = pattern.double(FC_WEIGHT).map { FcWeightToOpenTypeDouble($0) } ?? 400
        if openTypeWeight >= 600 { symbolic.insert(.bold) }
        let widthPercent = pattern.double(FC_WIDTH) ?? 100
        if widthPercent < 100 { symbolic.insert(.condensed) }
        if widthPercent > 100 { symbolic.insert(.expanded) }
        let slantClass = pattern.integer(FC_SLANT) ?? 0
        if slantClass != 0 { symbolic.insert(.italic) }
        if let spacing = pattern.integer(FC_SPACING), spacing >= 90 { symbolic.insert(.monoSpace) }
        if pattern.bool(FC_COLOR) == true { symbolic.insert(.colorGlyphs) }

        var slant: CGFloat = 0
        let instance = rawIndex >> 16
        // The italic angle and named-instance coordinates are not in the pattern: read them from the face.
        if slantClass != 0 || instance > 0, let file = pattern.string(FC_FILE),
            let blob = HarfBuzzBlob(contentsOfFile: file), faceIndex! < blob.faceCount
        {
            let face = HarfBuzzFace(blob: blob, index: faceIndex!)
            if slantClass != 0 { slant = CGFloat(-face.italicAngle / 30) }
            if instance > 0 { variation = Self.namedInstanceCoordinates(of: face, instance: instance - 1) }
        }
        traits = FontTraits(
            symbolic: symbolic, weight: FontWeight.fromOpenType(openTypeWeight),
            width: FontWidthScale.fromPercent(widthPercent), slant: slant)
    }

    private static func namedInstanceCoordinates(of face: HarfBuzzFace, instance: Int) -> [OpenTypeTag: Double] {
        let axes = VariationAxis.axes(of: face)
        guard !axes.isEmpty else { return [:] }
        var count = UInt32(axes.count)
        var coordinates = [Float](repeating: 0, count: axes.count)
        hb_ot_var_named_instance_get_design_coords(face.pointer, UInt32(instance), &count, &coordinates)
        var result: [OpenTypeTag: Double] = [:]
        for (axis, value) in zip(axes, coordinates.prefix(Int(count))) { result[axis.tag] = Double(value) }
        return result
    }

    /// A fontconfig query with the attributes fontconfig can match on.
    func fontconfigPattern() -> FontconfigPattern {
        let pattern = FontconfigPattern()
        if let family { pattern.add(FC_FAMILY, string: family) }
        if let styleName { pattern.add(FC_STYLE, string: styleName) }
        if let postScriptName { pattern.add(FC_POSTSCRIPT_NAME, string: postScriptName) }
        if let displayName { pattern.add(FC_FULLNAME, string: displayName) }
        if let url { pattern.add(FC_FILE, string: url.path) }
        if url != nil, let faceIndex { pattern.add(FC_INDEX, integer: faceIndex) }
        if let traits {
            if let weight = traits.weight {
                pattern.add(FC_WEIGHT, double: FcWeightFromOpenTypeDouble(FontWeight.toOpenType(weight)))
            } else if traits.symbolic.contains(.bold) {
                pattern.add(FC_WEIGHT, integer: Int(FC_WEIGHT_BOLD))
            }
            if let width = traits.width {
                pattern.add(FC_WIDTH, double: FontWidthScale.toPercent(width))
            } else if traits.symbolic.contains(.condensed) {
                pattern.add(FC_WIDTH, integer: Int(FC_WIDTH_CONDENSED))
            } else if traits.symbolic.contains(.expanded) {
                pattern.add(FC_WIDTH, integer: Int(FC_WIDTH_EXPANDED))
            }
            if traits.symbolic.contains(.italic) || (traits.slant ?? 0) != 0 {
                pattern.add(FC_SLANT, integer: Int(FC_SLANT_ITALIC))
            } else if traits.slant != nil {
                pattern.add(FC_SLANT, integer: Int(FC_SLANT_ROMAN))
            }
            if traits.symbolic.contains(.monoSpace) { pattern.add(FC_SPACING, integer: Int(FC_MONO)) }
            if traits.symbolic.contains(.colorGlyphs) { pattern.add(FC_COLOR, bool: true) }
        }
        pattern.add(languages: languages)
        if let characterSet, !characterSet.isEmpty { pattern.add(codePoints: characterSet) }
        if let format, let name = format.fontconfigName { pattern.add(FC_FONTFORMAT, string: name) }
        return pattern
    }
}

extension FontFormat {
    init(fontconfigName: String?) {
        switch fontconfigName {
        case "CFF": self = .openTypePostScript
        case "TrueType": self = .openTypeTrueType
        case "Type 1", "CID Type 1": self = .postScript
        case "PCF", "BDF", "Windows FNT": self = .bitmap
        default: self = .unrecognized
        }
    }

    var fontconfigName: String? {
        switch self {
        case .openTypePostScript: "CFF"
        case .openTypeTrueType, .trueType: "TrueType"
        case .postScript: "Type 1"
        case .bitmap: "PCF"
        case .unrecognized: nil
        }
    }
}
