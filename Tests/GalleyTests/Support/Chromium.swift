import Foundation

/// Chromium, run headless on a page of the test's own (Debian's chromium; `make deps` installs it).
enum Chromium {
    static let path = "/usr/bin/chromium"

    /// The page's DOM after its scripts have run (and its fonts have loaded).
    static func dom(of page: String) throws -> String {
        try run(page) { directory, file in ["--dump-dom", file.absoluteString] }.output
    }

    /// The page drawn at one device pixel per CSS pixel into a PNG of `width` × `height` pixels.
    static func screenshot(of page: String, width: Int, height: Int) throws -> Data {
        try run(page) { directory, file in
            ["--screenshot=\(directory.appendingPathComponent("shot.png").path)", "--window-size=\(width),\(height)",
             "--hide-scrollbars", "--force-device-scale-factor=1", file.absoluteString]
        }.screenshot ?? Data()
    }

    private static func run(_ page: String, arguments: (URL, URL) -> [String]) throws -> (output: String, screenshot: Data?) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let output = try runProgram(path, ["--headless", "--disable-gpu", "--no-sandbox", "--allow-file-access-from-files",
                                           "--virtual-time-budget=10000", "--user-data-dir=\(directory.path)/profile"]
                                        + arguments(directory, file))
        return (output, try? Data(contentsOf: directory.appendingPathComponent("shot.png")))
    }
}
