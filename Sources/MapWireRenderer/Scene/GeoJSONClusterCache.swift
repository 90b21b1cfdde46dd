import MapWireVectorTile

/// Each clustered GeoJSON source's cluster index, kept while its data and options stay the same
/// (building it walks every zoom).
final class GeoJSONClusterCache {
    private var cached: [String: (tiler: ObjectIdentifier, clusters: GeoJSONClusters)] = [:]

    func clusters(of tiler: GeoJSONTiler, sourceID: String, options: GeoJSONClusterOptions) -> GeoJSONClusters {
        let identity = ObjectIdentifier(tiler)
        if let hit = cached[sourceID], hit.tiler == identity, hit.clusters.options == options { return hit.clusters }
        let clusters = GeoJSONClusters(tiler, options: options)
        cached[sourceID] = (identity, clusters)
        return clusters
    }
}
