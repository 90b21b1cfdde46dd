import ArgumentParser
import Foundation
import MapWireProtocol

/// `mapwire send` verbs of the runtime style (PROTOCOL.md 7.12): the style changed in place. Values are
/// JSON as the style specification writes them (a string value needs its quotes: '"#ff0000"').
extension SendCommand {
    static let runtimeStyleCommands: [ParsableCommand.Type] = [
        AddLayer.self, MoveLayer.self, SetPaintProperty.self, SetLayoutProperty.self, SetFilter.self, SetLayerZoomRange.self,
        GetLayer.self, GetStyle.self, SetSourceData.self, UpdateSourceData.self, SetFeatureState.self, RemoveFeatureState.self,
        GetFeatureState.self, SetLight.self, SetSky.self, SetTerrain.self, SetProjection.self, SetGlobalStateProperty.self,
        SetSprite.self,
    ]

    struct AddLayer: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add-layer", abstract: "Add a layer (style-spec JSON) to the style.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "The layer object, e.g. '{\"id\":\"dots\",\"type\":\"circle\",\"source\":\"points\"}'.") var layer: String
        @Option(help: "The layer to add it below (default: above every layer).") var before: String?
        func run() throws {
            try deliver(.addLayer(.with { $0.json = layer; if let before { $0.before = before } }), runDirectory: runDirectory)
        }
    }

    struct MoveLayer: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move-layer", abstract: "Move a layer below another (default: to the top).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        @Option(help: "The layer to move it below.") var before: String?
        func run() throws {
            try deliver(.moveLayer(.with { $0.id = id; if let before { $0.before = before } }), runDirectory: runDirectory)
        }
    }

    struct SetPaintProperty: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-paint-property", abstract: "Set a paint property of a layer (null: the default).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var layer: String
        @Argument var name: String
        @Argument(help: "The value as JSON, e.g. 0.5, '\"#ff0000\"', '[\"get\",\"colour\"]' or null.") var value: String
        func run() throws {
            try deliver(.setPaintProperty(.with { $0.layer = layer; $0.name = name; $0.valueJson = value }), runDirectory: runDirectory)
        }
    }

    struct SetLayoutProperty: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-layout-property", abstract: "Set a layout property of a layer (null: the default).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var layer: String
        @Argument var name: String
        @Argument(help: "The value as JSON, e.g. '\"none\"' for visibility.") var value: String
        func run() throws {
            try deliver(.setLayoutProperty(.with { $0.layer = layer; $0.name = name; $0.valueJson = value }), runDirectory: runDirectory)
        }
    }

    struct SetFilter: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-filter", abstract: "Set a layer's filter (null removes it).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var layer: String
        @Argument(help: "The filter as JSON, e.g. '[\"==\",[\"get\",\"class\"],\"park\"]', or null.") var filter: String
        func run() throws { try deliver(.setFilter(.with { $0.layer = layer; $0.filterJson = filter }), runDirectory: runDirectory) }
    }

    struct SetLayerZoomRange: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-layer-zoom-range", abstract: "Set a layer's minzoom and maxzoom (what is not given stays).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var layer: String
        @Option var minZoom: Double?
        @Option var maxZoom: Double?
        func run() throws {
            try deliver(.setLayerZoomRange(.with {
                $0.layer = layer
                if let minZoom { $0.minZoom = minZoom }
                if let maxZoom { $0.maxZoom = maxZoom }
            }), runDirectory: runDirectory)
        }
    }

    struct GetLayer: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get-layer", abstract: "Print a layer as it is now (JSON).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var id: String
        func run() throws { try deliver(.getLayer(.with { $0.id = id }), runDirectory: runDirectory) }
    }

    struct GetStyle: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get-style", abstract: "Print the style as it is now (JSON).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        func run() throws { try deliver(.getStyle(.init()), runDirectory: runDirectory) }
    }

    struct SetSourceData: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-source-data", abstract: "Replace a GeoJSON source's data (a file, or - for standard input).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var source: String
        @Argument(help: "A file holding GeoJSON, or - to read standard input.") var file: String
        func run() throws {
            try deliver(.setSourceData(.with { $0.source = source; $0.dataJson = try readJSONArgument(file) }), runDirectory: runDirectory)
        }
    }

    struct UpdateSourceData: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update-source-data", abstract: "Change features of a GeoJSON source by id (a file, or - for standard input).",
            discussion: "The file holds a GL JS GeoJSONSourceDiff: {\"remove\":[ids],\"add\":[features],\"update\":[{\"id\":…,\"newGeometry\":…,\"addOrUpdateProperties\":[{\"key\":…,\"value\":…}],\"removeProperties\":[…],\"removeAllProperties\":true}],\"removeAll\":true}.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var source: String
        @Argument(help: "A file holding the diff, or - to read standard input.") var file: String
        func run() throws {
            try deliver(.updateSourceData(.with { $0.source = source; $0.diffJson = try readJSONArgument(file) }), runDirectory: runDirectory)
        }
    }

    struct SetFeatureState: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-feature-state", abstract: "Merge state into a feature's state (read by feature-state expressions).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var source: String
        @Argument(help: "The feature's id (or its promoted id).") var id: String
        @Argument(help: "A JSON object, e.g. '{\"hover\":true}'.") var state: String
        @Option(help: "The source layer (vector sources).") var sourceLayer: String?
        func run() throws {
            try deliver(.setFeatureState(.with {
                $0.source = source; $0.featureID = id; $0.stateJson = state
                if let sourceLayer { $0.sourceLayer = sourceLayer }
            }), runDirectory: runDirectory)
        }
    }

    struct RemoveFeatureState: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove-feature-state", abstract: "Remove a key of a feature's state, its whole state, or every state of the source.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var source: String
        @Argument(help: "The feature's id (none: every feature of the source).") var id: String?
        @Option(help: "Only this key of the state.") var key: String?
        @Option(help: "The source layer (vector sources).") var sourceLayer: String?
        func run() throws {
            try deliver(.removeFeatureState(.with {
                $0.source = source
                if let id { $0.featureID = id }
                if let key { $0.key = key }
                if let sourceLayer { $0.sourceLayer = sourceLayer }
            }), runDirectory: runDirectory)
        }
    }

    struct GetFeatureState: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get-feature-state", abstract: "Print a feature's state (JSON).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var source: String
        @Argument var id: String
        @Option(help: "The source layer (vector sources).") var sourceLayer: String?
        func run() throws {
            try deliver(.getFeatureState(.with {
                $0.source = source; $0.featureID = id
                if let sourceLayer { $0.sourceLayer = sourceLayer }
            }), runDirectory: runDirectory)
        }
    }

    struct SetLight: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-light", abstract: "Set the style's light (null: the defaults).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "e.g. '{\"anchor\":\"map\",\"color\":\"#ffddaa\",\"intensity\":0.6}'") var json: String
        func run() throws { try deliver(.setLight(.with { $0.json = json }), runDirectory: runDirectory) }
    }

    struct SetSky: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-sky", abstract: "Set the style's sky (null removes it).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "e.g. '{\"sky-color\":\"#88c6fc\",\"horizon-color\":\"#ffffff\"}'") var json: String
        func run() throws { try deliver(.setSky(.with { $0.json = json }), runDirectory: runDirectory) }
    }

    struct SetTerrain: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-terrain", abstract: "Set the style's terrain (null removes it).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "e.g. '{\"source\":\"dem\",\"exaggeration\":1.5}'") var json: String
        func run() throws { try deliver(.setTerrain(.with { $0.json = json }), runDirectory: runDirectory) }
    }

    struct SetProjection: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-projection", abstract: "Set the style's projection (null: Mercator).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "e.g. '{\"type\":\"globe\"}'") var json: String
        func run() throws { try deliver(.setProjection(.with { $0.json = json }), runDirectory: runDirectory) }
    }

    struct SetGlobalStateProperty: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-global-state-property", abstract: "Set a value of the style's global state (null: its default).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument var name: String
        @Argument(help: "The value as JSON.") var value: String
        func run() throws { try deliver(.setGlobalStateProperty(.with { $0.name = name; $0.valueJson = value }), runDirectory: runDirectory) }
    }

    struct SetSprite: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-sprite", abstract: "Replace the style's sprite (a base URL; \"\" removes it).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "The sprite's base URL (<url>.json and <url>.png are loaded).") var url: String
        func run() throws { try deliver(.setSprite(.with { $0.url = url }), runDirectory: runDirectory) }
    }
}

/// The JSON text of a file argument, or of standard input for "-".
func readJSONArgument(_ file: String) throws -> String {
    let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
    return String(decoding: data, as: UTF8.self)
}
