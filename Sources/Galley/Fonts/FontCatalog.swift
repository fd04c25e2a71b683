internal import CFontconfig
import Foundation

/// The set of font files that names and descriptors are matched against: the system's fontconfig
/// configuration (with fonts registered through `FontManager`), or a private configuration holding only
/// given directories — which is how tests stay hermetic and how a server pins the fonts it renders with.
///
/// A catalog is immutable from the outside and safe to share between threads: every fontconfig call goes
/// through its lock, and each face is converted to a `FontDescriptor` once and cached.
///
/// Core Text has one process-wide font system and no public equivalent; this is fontconfig's `FcConfig`.
public final class FontCatalog: Sendable {
    struct State: @unchecked Sendable {  // reached only through `state`, under its lock
        private var loaded: FontconfigConfiguration?
        private let load: () -> FontconfigConfiguration
        var registeredFiles: [String] = []
        var descriptors: [String: FontDescriptor] = [:]  // "path\u{0}index" → descriptor
        var allDescriptors: [FontDescriptor]?

        init(loaded: FontconfigConfiguration?, load: @escaping () -> FontconfigConfiguration) {
            self.loaded = loaded
            self.load = load
        }

        /// fontconfig's configuration, read on the first question that needs it.
        var configuration: FontconfigConfiguration {
            mutating get {
                if let loaded { return loaded }
                let configuration = load()
                loaded = configuration
                return configuration
            }
        }

        var isLoaded: Bool { loaded != nil }
    }

    let state: Locked<State>
    let fallbackCache = FallbackCache()
    /// Answers to names and matches from earlier processes, which spare a fresh process reading the configuration
    /// (the system catalog's; nil for the others).
    let answers: RememberedFontAnswers?

    init(configuration: FontconfigConfiguration) {
        state = Locked(State(loaded: configuration) { configuration })
        answers = nil
    }

    init(loading load: @escaping () -> FontconfigConfiguration, answers: RememberedFontAnswers? = nil) {
        state = Locked(State(loaded: nil, load: load))
        self.answers = answers
    }

    /// The system's fonts as fontconfig configures them, plus fonts registered through `FontManager`.
    /// If fontconfig cannot load the system configuration the catalog is empty (and font creation throws
    /// `FontError.Code.noFontsAvailable`).
    ///
    /// fontconfig reads the system's configuration (some 5 ms on a typical Linux machine) on the first question that
    /// needs it — a name, a match, a fallback — not when the catalog is first mentioned: a font made from a file
    /// (`Font(url:)`) drawing only characters it has never waits for it. `preload()` reads it ahead of time.
    ///
    /// A font by name and a descriptor's best match are remembered for the next process, in a file under the user's
    /// cache directory (`$XDG_CACHE_HOME/galley`), together with the state of every file and directory fontconfig read
    /// to answer: a fresh process asking what an earlier one asked gets fontconfig's answer without reading the
    /// configuration (a first `Line` by name in 2 ms instead of 7), and any change to the configuration or the font
    /// directories makes it ask fontconfig again. `GALLEY_FONT_ANSWERS=0` in the environment turns this off.
    public static let system = FontCatalog(loading: {
        (try? FontconfigConfiguration.system()) ?? (try! FontconfigConfiguration.empty())
    }, answers: .forSystemCatalog())

    /// Reads the catalog's configuration now if it has not been read, so that the first font lookup does not wait
    /// for it: call it on a background thread at start-up (the `galley` tool does, while it parses its arguments).
    /// Only the system catalog reads its configuration lazily; for the others this does nothing.
    /// Core Text has no equivalent (its font server is always running).
    public func preload() {
        state.withLock { _ = $0.configuration }
    }

    /// Whether an earlier process left answers to remember (whether they still hold is not checked): the `galley` tool
    /// then reads no configuration ahead on a second thread, which on a busy machine made the first question wait for
    /// that thread to be scheduled.
    package var mayAnswerFromMemory: Bool { answers?.fileExists == true }

    /// Whether the configuration has been read (tests check that a font from a file does not read it).
    var isLoaded: Bool { state.withLock { $0.isLoaded } }

    /// A private catalog holding only the fonts under the given directories (searched recursively), with
    /// none of the system's fonts or rules.
    ///
    /// - Throws: `FontError` with `.fileNotFound` for a directory that does not exist.
    public convenience init(directories: [URL]) throws(FontError) {
        let configuration: FontconfigConfiguration
        do { configuration = try FontconfigConfiguration.empty() } catch {
            throw FontError(.invalidConfiguration, "\(error)")
        }
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw FontError(.fileNotFound, url: directory, "no font directory at \(directory.path)") }
            // File by file: fontconfig's directory scan wants a writable cache directory, which a private
            // configuration does not have.
            for file in try FontManager.fontFiles(at: directory) { _ = configuration.addFile(file.path) }
        }
        self.init(configuration: configuration)
    }

    /// A private catalog configured by a fonts.conf file: its directories, aliases and rules, and no
    /// system configuration. `fc-match` run with `FONTCONFIG_FILE` set to the same file sees the same fonts.
    ///
    /// - Throws: `FontError` with `.fileNotFound` or `.invalidConfiguration`.
    public convenience init(configurationFile: URL) throws(FontError) {
        guard FileManager.default.fileExists(atPath: configurationFile.path) else {
            throw FontError(.fileNotFound, url: configurationFile, "no fontconfig file at \(configurationFile.path)")
        }
        let configuration: FontconfigConfiguration
        do {
            configuration = try FontconfigConfiguration.empty()
            try configuration.load(configurationFile: configurationFile.path)
        } catch {
            throw FontError(.invalidConfiguration, url: configurationFile, "\(error)")
        }
        self.init(configuration: configuration)
    }

    // MARK: Queries (internal)

    /// Every face the catalog holds, one descriptor per face or named instance, in fontconfig's order
    /// (variable-font patterns standing for the whole axis range are left out: their default instance is
    /// listed).
    func allDescriptors() -> [FontDescriptor] {
        state.withLock { state in
            if let all = state.allDescriptors { return all }
            let patterns = state.configuration.allPatterns().filter(Self.isFace)
            let all = patterns.map { Self.descriptor(for: $0, in: &state) }
            state.allDescriptors = all
            return all
        }
    }

    /// The first face, in `allDescriptors()`'s order, whose PostScript name is `name` (ignoring case, as fontconfig
    /// compares names: `FcStrCmpIgnoreCase`), else the first whose full name is; nil when none is. Compares those two
    /// names in fontconfig's own patterns and makes a descriptor of the one face found only, so that a font by name
    /// costs no pass over every face's descriptor and no Swift object or string per face (a fresh process drawing one
    /// line spent 2.1M instructions there with a wrapper per face; now 0.23M).
    func descriptor(named name: String) -> FontDescriptor? {
        let key = "name \(name)"
        if let remembered = answers?.answer(for: key) { return remembered }
        return state.withLock { state in
            let configuration = state.configuration
            let found = name.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: 1) { name in
                    configuration.firstPattern(named: name, object: FC_POSTSCRIPT_NAME, where: Self.isFace)
                        ?? configuration.firstPattern(named: name, object: FC_FULLNAME, where: Self.isFace)
                }
            }
            if state.registeredFiles.isEmpty { answers?.remember(found, for: key, configuration: configuration) }
            return found.map { Self.descriptor(for: $0, in: &state) }
        }
    }

    /// fontconfig's single best match for a descriptor (`FcFontMatch` after the configuration's
    /// substitutions, as fc-match does), or nil for an empty catalog.
    func bestMatch(for query: FontDescriptor) -> FontDescriptor? {
        let pattern = query.fontconfigPattern()
        let key = answers == nil ? nil : pattern.text.map { "match \($0)" }
        if let key, let remembered = answers?.answer(for: key) { return remembered }
        return state.withLock { state in
            state.configuration.prepareQuery(pattern)
            let best = state.configuration.bestMatch(pattern)
            if let key, state.registeredFiles.isEmpty { answers?.remember(best, for: key, configuration: state.configuration) }
            return best.map { Self.descriptor(for: $0, in: &state) }
        }
    }

    /// Every face sorted by closeness to a descriptor (`FcFontSort`).
    func sortedMatches(for query: FontDescriptor, trim: Bool = false) -> [FontDescriptor] {
        let pattern = query.fontconfigPattern()
        return state.withLock { state in
            state.configuration.prepareQuery(pattern)
            return state.configuration.sortedMatches(pattern, trim: trim)
                .filter(Self.isFace)
                .map { Self.descriptor(for: $0, in: &state) }
        }
    }

    /// Whether a pattern stands for one face or named instance: not a variable font's pattern for its whole axis range
    /// (its default instance is listed as a face of its own).
    private static func isFace(_ pattern: FontconfigPattern) -> Bool { pattern.bool(FC_VARIABLE) != true }

    /// Converts a pattern once per face and caches the value.
    private static func descriptor(for pattern: FontconfigPattern, in state: inout State) -> FontDescriptor {
        let key = "\(pattern.string(FC_FILE) ?? "")\u{0}\(pattern.integer(FC_INDEX) ?? 0)"
        if let cached = state.descriptors[key] { return cached }
        let descriptor = FontDescriptor(fontconfig: pattern)
        state.descriptors[key] = descriptor
        return descriptor
    }

    // MARK: Registration (used by FontManager)

    func register(file path: String) throws(FontError) {
        try state.withLock { state throws(FontError) in
            guard !state.registeredFiles.contains(path) else {
                throw FontError(.alreadyRegistered, url: URL(fileURLWithPath: path), "\(path) is already registered")
            }
            guard state.configuration.addFile(path) else {
                throw FontError(.registrationFailed, url: URL(fileURLWithPath: path), "fontconfig did not accept \(path)")
            }
            state.registeredFiles.append(path)
            state.allDescriptors = nil
        }
        answers?.forget()
        fallbackCache.removeAll()
    }

    func unregister(file path: String) throws(FontError) {
        try state.withLock { state throws(FontError) in
            guard let position = state.registeredFiles.firstIndex(of: path) else {
                throw FontError(.notRegistered, url: URL(fileURLWithPath: path), "\(path) was not registered")
            }
            state.registeredFiles.remove(at: position)
            // fontconfig cannot remove one application font: clear them and add back the others.
            state.configuration.clearApplicationFonts()
            for file in state.registeredFiles { _ = state.configuration.addFile(file) }
            state.allDescriptors = nil
        }
        fallbackCache.removeAll()
    }

    var registeredFiles: [String] { state.withLock { $0.registeredFiles } }
}
