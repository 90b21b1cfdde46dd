import ArgumentParser
import Foundation
import MapWireSprite

struct SpriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprite",
        abstract: "Build a sprite (PNG + JSON at @1x and @2x) from a folder of SVG icons.",
        discussion: "Icon names are the file names without .svg. Example: mapwire sprite icons/maki -o sprites/bright-v9 writes bright-v9.png/.json and bright-v9@2x.png/.json.")

    @Argument(help: "The folder of .svg icons.")
    var icons: String

    @Option(name: .shortAndLong, help: "The output base path (without .png/.json).")
    var output: String

    @Flag(help: "Leave out SVGs that do not parse instead of failing.")
    var skipInvalid = false

    func run() throws {
        let base = URL(fileURLWithPath: output).standardizedFileURL
        try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        let skipped = try SpriteBuilder.write(svgFolder: URL(fileURLWithPath: icons, isDirectory: true), output: base, skipInvalid: skipInvalid)
        for icon in skipped { MonitorCommand.warn("skipped \(icon)") }
        Output.line("\(base.path).png, .json, @2x.png, @2x.json")
    }
}
