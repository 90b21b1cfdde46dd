import ArgumentParser
import Foundation
import MapWireDemo

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Write the bundled demo (a procedural town: style, MBTiles, sprite, glyphs) to a folder.",
        discussion: "`mapwire up` without --style writes it into its run directory and loads it.")

    @Option(name: .shortAndLong, help: "The folder to write to.")
    var output = "demo-out"

    func run() throws {
        let style = try DemoData.write(to: URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL)
        Output.line(style.absoluteString)
    }
}
