import ArgumentParser

/// `galley-bench`: Galley's benchmarks that need a whole corpus or a laid-out document (the ordo-one benchmarks
/// are in Benchmarks/): layout speed against the peers (`make bench-peers` runs it), editing latency, and spell checking
/// against Hunspell's own command.
@main
struct GalleyBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley-bench",
        abstract: "Time Galley: laying out a corpus, editing a laid-out document, spell checking, reading RTF.",
        subcommands: [LayoutBenchCommand.self, EditBenchCommand.self, SpellBenchCommand.self, DocumentBenchCommand.self, TeXCompareCommand.self, FirstLineCommand.self]
    )
}
