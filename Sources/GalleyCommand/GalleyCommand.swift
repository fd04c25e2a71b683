import ArgumentParser

/// The `galley` command-line tool: a thin shell over Galley's public API.
@main
struct GalleyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Core Text's text layout for Linux: fonts, shaping and layout from the command line.",
        subcommands: [FontsCommand.self, ShapeCommand.self, LayoutCommand.self, RenderCommand.self, HyphenateCommand.self, SpellCommand.self,
                      ConvertCommand.self]
    )
}
