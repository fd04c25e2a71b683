import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyDocuments

/// `galley convert`: a document from one format to another, chosen by the files' extensions.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a document between formats: .rtf, .html, .md (read), .txt and .json (Galley's archive) by extension.",
        discussion: "Reads IN by its extension (.rtf as RTF, .html or .htm as HTML, .md or .markdown as Markdown, .txt as "
            + "plain text, .json as Galley's archive) and writes OUT by its (.rtf: RTF with the page settings read; .html: "
            + "HTML5 with inline styles; .txt: the text alone; .json: "
            + "every attribute). Markdown's fonts, and RTF's where its font table names none the catalog has, come from "
            + "--font or --font-file and the font options; --reflow joins a plain text's hard-wrapped lines."
    )

    @OptionGroup var text: TextOptions
    @Argument(help: "The document to read.") var input: String
    @Option(name: .shortAndLong, help: "The document to write: .rtf, .html, .txt or .json.") var output: String
    @Flag(help: "Plain text with hard-wrapped lines: single line breaks become spaces, blank lines end paragraphs.")
    var reflow = false

    func run() throws {
        let inputURL = URL(fileURLWithPath: input), outputURL = URL(fileURLWithPath: output)
        guard let from = DocumentType(pathExtension: inputURL.pathExtension) else {
            throw ValidationError("\(input): not a document type Galley reads (.rtf, .html, .md, .txt, .json)")
        }
        guard let to = DocumentType(pathExtension: outputURL.pathExtension), to != .markdown else {
            throw ValidationError("\(output): not a document type Galley writes (.rtf, .html, .txt, .json)")
        }
        let catalog = try text.catalog()
        var style = MarkdownStyle(font: try text.primaryFont(catalog))
        style.baseURL = inputURL.deletingLastPathComponent()
        var data = try Data(contentsOf: inputURL)
        if reflow, from == .plainText { data = Data(AttributedDocument.reflowed(String(decoding: data, as: UTF8.self)).utf8) }
        var page = DocumentAttributes()
        let document = try AttributedDocument.read(data, type: from, style: style, documentAttributes: &page)
        try AttributedDocument.write(document, type: to, documentAttributes: page).write(to: outputURL)
        print("wrote \(output): \(document.length) UTF-16 units")
    }
}
