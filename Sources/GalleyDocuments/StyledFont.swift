import Galley

extension Font {
    /// The family's face with the bold and italic traits asked for: with both, else with one of them (a family
    /// without a bold italic), else this face. Documents' readers (Markdown's emphasis, RTF's `\b` and `\i`) share it.
    func styled(bold: Bool, italic: Bool) -> Font {
        var traits: SymbolicTraits = []
        if bold { traits.insert(.bold) }
        if italic { traits.insert(.italic) }
        for wanted in [traits, traits.intersection(.bold), traits.intersection(.italic)] where !wanted.isEmpty {
            if let styled = withSymbolicTraits(wanted, mask: [.bold, .italic]) { return styled }
        }
        return self
    }

    /// The catalog's upright monospaced face at this font's size (code in Markdown and HTML), else this font.
    func monospacedFace() -> Font {
        let faces = FontCollection.availableFonts(in: catalog).matchingDescriptors(sortedBy: FontCollection.standardOrder)
            .filter { $0.traits?.symbolic.contains(SymbolicTraits.monoSpace) == true }
        let upright = faces.first { descriptor in
            let symbolic = descriptor.traits?.symbolic ?? []
            return !symbolic.contains(SymbolicTraits.bold) && !symbolic.contains(SymbolicTraits.italic)
        }
        guard let descriptor = upright ?? faces.first, let mono = try? Font(descriptor: descriptor, size: size, catalog: catalog)
        else { return self }
        return mono
    }
}
