import ArgumentParser
import CStartup
import Galley

/// The `galley` command-line tool: a thin shell over Galley's public API.
@main
struct GalleyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Core Text's text layout for Linux: fonts, shaping and layout from the command line.",
        subcommands: [FontsCommand.self, ShapeCommand.self, LayoutCommand.self, RenderCommand.self, HyphenateCommand.self, SpellCommand.self,
                      ConvertCommand.self]
    )

    /// Parses the arguments and runs the command; for a command that will look fonts up in the system's catalog,
    /// fontconfig reads the system's configuration on a second processor meanwhile (as pango does at start-up): that
    /// read and the argument parser's reflection each take about 3 ms of a fresh process. When an earlier run left
    /// remembered answers (see `FontCatalog.system`), nothing is read ahead.
    static func main() {
        // (Not when an earlier run left answers: they usually hold, and the command then needs no configuration.)
        if Self.usesSystemCatalog(Array(CommandLine.arguments.dropFirst())), !FontCatalog.system.mayAnswerFromMemory {
            galley_start_helper_thread(loadSystemCatalog, nil)
        }
        main(nil)
    }

    /// Whether these arguments run a command that reads the system's fonts: `fonts`, `layout` or `render` without
    /// `--font-dir`, and not asking for help (`shape` reads its font file alone).
    static func usesSystemCatalog(_ arguments: [String]) -> Bool {
        guard let command = arguments.first, ["fonts", "layout", "render"].contains(command) else { return false }
        return !arguments.contains { ["--font-dir", "--help", "-h"].contains($0) || $0.hasPrefix("--font-dir=") }
    }
}

/// The helper thread's body: the system catalog's configuration, read once for the process (under the catalog's
/// lock: the command waits for it if it asks first). Started only when no earlier run left remembered answers.
private func loadSystemCatalog(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    FontCatalog.system.preload()
    return nil
}
