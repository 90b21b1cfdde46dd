/// Where a plugin or client reaches the core: the run directory's ipc endpoints, or with `tcp` the
/// core's TCP endpoints and the CurveZMQ keys they need (PROTOCOL.md 2.4).
public struct CoreConnection: Sendable {
    public let controlEndpoint: String
    public let eventsEndpoint: String
    public let curve: CurveClientKeys?

    /// `serverPublicKey` is a Z85 key or a file holding one; `keyFile` is this side's key pair file.
    public init(runDirectory: String?, tcp: String?, serverPublicKey: String?, keyFile: String?) throws(CoreConnectionError) {
        guard let tcp else {
            guard serverPublicKey == nil, keyFile == nil else { throw .invalid("--server-public-key and --key need --tcp") }
            let dir = RunDirectory.resolve(runDirectory)
            (controlEndpoint, eventsEndpoint, curve) = (dir.controlEndpoint, dir.eventsEndpoint, nil)
            return
        }
        guard let endpoints = TCPEndpoints.split(tcp) else { throw .invalid("--tcp must look like tcp://127.0.0.1:5555") }
        guard let serverPublicKey, let keyFile else { throw .invalid("--tcp needs --server-public-key and --key (TCP is CurveZMQ only)") }
        do {
            curve = CurveClientKeys(serverPublicKey: try CurveKey.publicKey(from: serverPublicKey), client: try CurveKeyPair.load(keyFile))
        } catch { throw .invalid("\(error)") }
        (controlEndpoint, eventsEndpoint) = endpoints
    }
}

public struct CoreConnectionError: Error, CustomStringConvertible {
    public let description: String
    static func invalid(_ why: String) -> Self { Self(description: why) }
}
