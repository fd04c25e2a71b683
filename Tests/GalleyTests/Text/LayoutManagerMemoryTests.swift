import Foundation
import Galley
import Testing

@testable import GalleyText

extension LayoutManagerTests {
    /// A layout manager, its paragraphs' states and their typesetters go away with it: nothing holds itself alive
    /// (a paragraph's state holds its typesetter, whose break veto must not hold the state).
    @Test func layoutManagersAreFreed() throws {
        weak var state: ParagraphState?
        weak var weakManager: LayoutManager?
        do {
            let storage = TextStorage(attributedString: try Self.sampleText(paragraphs: 6))
            let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 200, height: CGFloat.infinity))])
            let delegate = KeepTogether(protected: [])
            manager.delegate = delegate
            manager.ensureLayoutForAllText()
            _ = manager.characterRange(forBoundingRect: CGRect(x: 0, y: 0, width: 200, height: 300))
            storage.replaceCharacters(in: 3..<3, with: "edit ")
            state = manager.paragraph(0).state
            weakManager = manager
            #expect(state?.framesetter != nil)
        }
        #expect(weakManager == nil)
        #expect(state == nil)
    }
}
