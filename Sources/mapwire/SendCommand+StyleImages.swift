import ArgumentParser
import Foundation
import MapWireProtocol

extension SendCommand {
    struct AddStyleImage: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add-style-image", abstract: "Add (or replace) an image the style can name, from a PNG file.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        @Argument(help: "A PNG file.") var file: String
        @Option(help: "Device pixels per logical pixel of the image.") var pixelRatio: Double = 1
        @Flag(help: "The image is a signed distance field (tinted by icon-color).") var sdf = false
        func run() throws {
            let png = try Data(contentsOf: URL(fileURLWithPath: file))
            try deliver(.addStyleImage(.with { $0.id = id; $0.png = png; $0.pixelRatio = pixelRatio; $0.sdf = sdf }), runDirectory: runDirectory)
        }
    }

    struct RemoveStyleImage: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove-style-image", abstract: "Remove an added style image.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        func run() throws { try deliver(.removeStyleImage(.with { $0.id = id }), runDirectory: runDirectory) }
    }

    struct RemoveLayer: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove-layer", abstract: "Remove a layer from the current style.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        func run() throws { try deliver(.removeLayer(.with { $0.id = id }), runDirectory: runDirectory) }
    }
}
