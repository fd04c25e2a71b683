import ArgumentParser

/// `galley-demos`: the pictures in the README (`make demo` draws them into out/): the showcase page and a
/// selection across bidirectional text.
@main
struct GalleyDemosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley-demos",
        abstract: "Draw the README's showcase page and selection picture.",
        subcommands: [ShowcaseCommand.self, SelectionDemoCommand.self, SpellingDemoCommand.self, MicrotypeDemoCommand.self,
                      VerticalDemoCommand.self]
    )
}
