internal import CFontconfig
import Foundation

/// The system catalog's answers — a font by name, a descriptor's best match — remembered from one process to the next
/// in a file under the user's cache directory, so that a fresh process's first font does not wait the 5 ms fontconfig
/// takes to read the system's configuration (expat parsing some fifty files) when an earlier process already asked.
///
/// An answer is fontconfig's own: the pattern it returned, written in its text form (`FcNameUnparse`) and read back
/// (`FcNameParse`) to an equal pattern, which becomes a descriptor exactly as a live answer does. The file is trusted
/// only while nothing fontconfig read to give its answers has changed: every configuration file and directory it read,
/// every font directory and subdirectory it scanned, and the user's own configuration places whether they exist or
/// not — each by device, inode, modification time and size, the way fontconfig checks its own caches — and the
/// environment variables and program name its rules can depend on (the file is named after them). A changed stamp, an
/// unreadable or damaged file, or a process that registered fonts of its own: the answers are not used and fontconfig
/// answers, and the file is written anew with what it said. (A checksum ends the file, so that damage shows.) `GALLEY_FONT_ANSWERS=0` turns remembering off.
///
/// Core Text has no equivalent: its font server keeps the system's fonts ready for every process.
final class RememberedFontAnswers: Sendable {
    private struct State {
        var isRead = false
        var isTrusted = false
        var isForgotten = false
        var texts: [String: String] = [:]  // key → the answer's pattern text, "" when fontconfig found no face
        var descriptors: [String: FontDescriptor?] = [:]  // the texts read back, once each
        /// The files' stamps, taken at the process's first answer to remember (the nearest to the configuration's
        /// reading), and written with every answer after it.
        var stamps: [(path: String, stamp: String)]?
    }

    /// The file, or nil when nothing is remembered.
    let path: String?
    /// Everything outside the files that fontconfig's answers depend on, one line.
    let environment: String
    private let state = Locked(State())

    /// At most this many answers are kept (a program asks for a handful of names and descriptors).
    static let capacity = 256
    private static let header = "galley fontconfig answers 1"

    init(path: String?, environment: String) {
        let isLine = !environment.contains(where: { $0 == "\n" || $0 == "\t" })
        self.path = isLine ? path : nil
        self.environment = environment
    }

    /// The system catalog's: `$XDG_CACHE_HOME/galley/fontconfig-answers-HASH` (else `~/.cache/galley/…`), the hash
    /// that of the environment fontconfig reads, so that programs and settings with different answers keep apart.
    static func forSystemCatalog() -> RememberedFontAnswers {
        let environment = systemEnvironment()
        guard Self.variable("GALLEY_FONT_ANSWERS") != "0",
              let cache = Self.variable("XDG_CACHE_HOME") ?? Self.variable("HOME").map({ $0 + "/.cache" })
        else { return RememberedFontAnswers(path: nil, environment: environment) }
        let name = String(stableHash(environment.utf8), radix: 16)
        return RememberedFontAnswers(path: "\(cache)/galley/fontconfig-answers-\(name)", environment: environment)
    }

    /// What fontconfig's answers depend on besides its files: the variables it reads, the program name its rules may
    /// test (fontconfig takes it from `/proc/self/exe`), and its version.
    static func systemEnvironment() -> String {
        let names = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG",
                     "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"]
        var fields = names.map { "\($0)=\(variable($0) ?? "")" }
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        let executable = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        fields.append("program=\(executable.split(separator: "/").last.map(String.init) ?? "")")
        fields.append("fontconfig=\(FcGetVersion())")
        return fields.joined(separator: " ")
    }

    private static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    // MARK: Answers

    /// The remembered answer for `key`: `.some(descriptor)`, `.some(nil)` when fontconfig found no face, or nil when
    /// nothing trustworthy is remembered (then ask fontconfig, and `remember` what it says).
    func answer(for key: String) -> FontDescriptor?? {
        guard path != nil else { return nil }
        return state.withLock { state -> FontDescriptor?? in
            guard !state.isForgotten else { return nil }
            if !state.isRead { read(into: &state) }
            guard state.isTrusted else { return nil }
            if let descriptor = state.descriptors[key] { return descriptor }
            guard let text = state.texts[key] else { return nil }
            var descriptor: FontDescriptor?
            if !text.isEmpty {
                guard let pattern = FontconfigPattern(text: text) else {
                    state.isTrusted = false  // a damaged answer: distrust the file, so that it is written anew
                    return nil
                }
                descriptor = FontDescriptor(fontconfig: pattern)
            }
            state.descriptors[key] = descriptor
            return descriptor
        }
    }

    /// Keeps fontconfig's answer for `key` (`pattern` nil when it found no face), read from `configuration`, and
    /// writes the file: with the answers it held when they are still trusted, else alone with fresh stamps.
    func remember(_ pattern: FontconfigPattern?, for key: String, configuration: FontconfigConfiguration) {
        guard let path, Self.isField(key), let text = pattern == nil ? "" : pattern?.text, Self.isField(text) else { return }
        state.withLock { state in
            guard !state.isForgotten else { return }
            if !state.isRead { read(into: &state) }
            if !state.isTrusted {
                state.texts = [:]
                state.descriptors = [:]
            }
            guard state.texts[key] != text, state.texts.count < Self.capacity else { return }
            state.texts[key] = text
            state.descriptors[key] = nil
            // (The file's directory made first: making it may change a directory that is stamped.)
            Self.makeDirectory(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
            let stamps = state.stamps ?? Self.stamps(of: configuration)
            state.stamps = stamps
            state.isTrusted = write(state.texts, stamps: stamps, to: path)
        }
    }

    /// Whether there is a file of answers (not read, nor checked: a look at the directory).
    var fileExists: Bool {
        guard let path else { return false }
        return access(path, F_OK) == 0
    }

    /// Stops answering for the rest of the process: it registered fonts, which fontconfig's answers now include.
    func forget() {
        state.withLock { $0.isForgotten = true }
    }

    private static func isField(_ text: String) -> Bool {
        text.utf8.count <= 1 << 20 && !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 })
    }

    // MARK: The file

    /// Reads the file: trusted when its header and environment are this process's and every stamp still holds.
    private func read(into state: inout State) {
        state.isRead = true
        // Bytes, not Characters: splitting the text by grapheme took most of a fresh process's answer.
        guard let path, let whole = Self.contents(ofFile: path), whole.last == newline,
              let last = whole.dropLast().lastIndex(of: newline),
              whole[(last + 1)...].elementsEqual("H\t\(Self.checksum(whole[...last]))\n".utf8)
        else { return }
        var texts: [String: String] = [:]
        var sawEnvironment = false
        for (number, line) in whole[..<last].split(separator: newline, omittingEmptySubsequences: false).enumerated() {
            if number == 0 {
                guard line.elementsEqual(Self.header.utf8) else { return }
                continue
            }
            if line.isEmpty { continue }
            let fields = line.split(separator: tab, maxSplits: 2, omittingEmptySubsequences: false)
            let text = { (field: Int) in String(decoding: fields[field], as: UTF8.self) }
            switch (fields[0].count == 1 ? fields[0].first : nil, fields.count) {
            case (UInt8(ascii: "E"), 2):
                guard fields[1].elementsEqual(environment.utf8) else { return }
                sawEnvironment = true
            case (UInt8(ascii: "S"), 3):
                guard fields[2].elementsEqual(Self.stamp(text(1)).utf8) else { return }
            case (UInt8(ascii: "A"), 3):
                texts[text(1)] = text(2)
            default:
                return
            }
        }
        guard sawEnvironment else { return }
        state.texts = texts
        state.isTrusted = true
    }

    /// Writes the answers and stamps to a temporary file and renames it over the file (a reader sees the old file or
    /// the new, whole); false when it could not.
    private func write(_ texts: [String: String], stamps: [(path: String, stamp: String)], to path: String) -> Bool {
        var lines = [Self.header, "E\t\(environment)"]
        for (stamped, stamp) in stamps where Self.isField(stamped) { lines.append("S\t\(stamped)\t\(stamp)") }
        for (key, text) in texts.sorted(by: { $0.key < $1.key }) { lines.append("A\t\(key)\t\(text)") }
        let temporary = "\(path).\(getpid()).tmp"
        let body = lines.joined(separator: "\n") + "\n"
        let contents = Array((body + "H\t\(Self.checksum(body.utf8))\n").utf8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == contents.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Everything a change to which can change fontconfig's answers, each with its stamp now.
    static func stamps(of configuration: FontconfigConfiguration) -> [(path: String, stamp: String)] {
        var paths: [String] = []
        for file in configuration.configurationFiles {
            paths.append(file)
            if let slash = file.lastIndex(of: "/"), slash != file.startIndex { paths.append(String(file[..<slash])) }
        }
        paths += configuration.fontDirectories
        // The places a user's own configuration would be read from, so that creating one is noticed (not the user's
        // configuration directory itself, which changes whenever any program adds a directory there).
        if let home = variable("HOME") {
            let config = variable("XDG_CONFIG_HOME") ?? home + "/.config"
            paths += ["\(config)/fontconfig", "\(config)/fontconfig/fonts.conf", "\(config)/fontconfig/conf.d",
                      "\(home)/.fonts.conf", "\(home)/.fonts.conf.d"]
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }.map { ($0, stamp($0)) }
    }

    /// A file's or directory's device, inode, modification time and size; "-" when it does not exist.
    static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)"
    }

    /// A file's text, or nil when it cannot be read or is implausibly large.
    private static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > 64 << 20 { return nil }
        }
        return bytes
    }

    private static func makeDirectory(_ path: String) {
        guard !path.isEmpty, mkdir(path, 0o700) != 0, errno == ENOENT else { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { makeDirectory(String(path[..<slash])) }
        mkdir(path, 0o700)
    }

    /// The last line's: any damage to the lines before it shows.
    private static func checksum(_ bytes: some Sequence<UInt8>) -> String { String(stableHash(bytes), radix: 16) }
}

private let newline = UInt8(ascii: "\n")
private let tab = UInt8(ascii: "\t")
