import ArgumentParser

extension LaunchOptions {
    /// The plugins `--plugins` can name.
    static let startablePlugins = ["loader", "renderer", "loadstatus", "location"]

    /// `--plugins` as names, checked before anything starts (a usage error exits 64 with the core never
    /// started). `none` is the core alone; a name may repeat ("loader,loader"); `--location` adds the
    /// location plugin when the list leaves it out.
    func pluginNames(default defaults: [String]) throws -> [String] {
        let listed = plugins.map { $0.split(separator: ",").map(String.init) } ?? defaults
        var names = listed == ["none"] ? [] : listed
        if let unknown = names.first(where: { !Self.startablePlugins.contains($0) }) {
            throw ValidationError("unknown plugin \"\(unknown)\" in --plugins (known: "
                + Self.startablePlugins.joined(separator: ", ") + "; or none, for the core alone)")
        }
        if location != nil, !names.contains("location") { names.append("location") }
        if names.contains("location"), location == nil { throw ValidationError("the location plugin needs --location SOURCE") }
        return names
    }
}
