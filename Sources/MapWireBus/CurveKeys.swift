import CZeroMQ
import Foundation

/// A CurveZMQ key pair in Z85 text (40 characters each), as `mapwire keygen` writes it.
public struct CurveKeyPair: Sendable, Equatable {
    public let publicKey: String
    public let secretKey: String

    public init(publicKey: String, secretKey: String) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// True when this libzmq was built with CURVE (libsodium or its tweetnacl copy).
    public static var isSupported: Bool { zmq_has("curve") == 1 }

    /// A fresh random pair from libzmq.
    public static func generate() throws(ZMQError) -> CurveKeyPair {
        var publicKey = [CChar](repeating: 0, count: 41)
        var secretKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicKey, &secretKey) == 0 else { throw ZMQError("zmq_curve_keypair") }
        return CurveKeyPair(publicKey: String(cString: publicKey), secretKey: String(cString: secretKey))
    }

    /// The secret-key file: `public-key <z85>` and `secret-key <z85>` lines (# comments allowed).
    public var secretFileText: String {
        "# MapWire CurveZMQ key pair: keep this file private (mode 0600).\npublic-key \(publicKey)\nsecret-key \(secretKey)\n"
    }

    /// Reads a file written by `mapwire keygen` (the secret one).
    public static func load(_ path: String) throws(CurveKeyError) -> CurveKeyPair {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let publicKey = fields["public-key"], let secretKey = fields["secret-key"],
              CurveKey.isValidZ85(publicKey), CurveKey.isValidZ85(secretKey) else {
            throw .invalid(path, "expected lines 'public-key <40 Z85 characters>' and 'secret-key <…>'")
        }
        return CurveKeyPair(publicKey: publicKey, secretKey: secretKey)
    }
}

/// Helpers for single Z85 public keys (allow-lists, --server-public-key).
public enum CurveKey {
    /// 40 characters that decode to 32 bytes.
    public static func isValidZ85(_ key: String) -> Bool { binary(key) != nil }

    /// The 32 raw bytes of a Z85 key, or nil when it is not one.
    public static func binary(_ key: String) -> [UInt8]? {
        guard key.utf8.count == 40 else { return nil }
        var out = [UInt8](repeating: 0, count: 32)
        guard zmq_z85_decode(&out, key) != nil else { return nil }
        return out
    }

    /// A public key given as the key itself or as a file holding it (a `.pub` file or a key-pair file).
    public static func publicKey(from argument: String) throws(CurveKeyError) -> String {
        if isValidZ85(argument) { return argument }
        if let pair = try? CurveKeyPair.load(argument) { return pair.publicKey }
        let keys = try allowList(argument)
        guard keys.count == 1 else { throw .invalid(argument, "expected one public key") }
        return keys[0]
    }

    /// An allow-list file: one Z85 public key per line; blank lines and # comments are skipped.
    public static func allowList(_ path: String) throws(CurveKeyError) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
        var keys: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard isValidZ85(line) else { throw .invalid(path, "line \(number + 1) is not a 40-character Z85 public key") }
            keys.append(line)
        }
        return keys
    }
}

/// The client side of a CurveZMQ connection: the server's public key and the client's own pair.
public struct CurveClientKeys: Sendable, Equatable {
    public let serverPublicKey: String
    public let client: CurveKeyPair

    public init(serverPublicKey: String, client: CurveKeyPair) {
        self.serverPublicKey = serverPublicKey
        self.client = client
    }
}

public enum CurveKeyError: Error, CustomStringConvertible, Equatable {
    case unreadable(String)
    case invalid(String, String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read key file \(path)"
        case .invalid(let path, let why): "\(path): \(why)"
        }
    }
}

extension ZMQSocket {
    /// Makes the endpoints bound *after* this call CurveZMQ servers with this secret key; every
    /// handshake is checked by the ZAP handler of the socket's context (`domain` names the socket).
    /// libzmq copies a socket's options into each listener at bind time, so endpoints bound before
    /// (the ipc ones) keep the NULL mechanism.
    public func makeCurveServer(secretKey: String, domain: String) throws(ZMQError) {
        try setOption(ZMQ_CURVE_SERVER, Int32(1))
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: Array(secretKey.utf8))
        try setOption(ZMQ_ZAP_DOMAIN, bytes: Array(domain.utf8))
    }

    /// Makes the next connect a CurveZMQ client of the server with `keys.serverPublicKey`.
    public func makeCurveClient(_ keys: CurveClientKeys) throws(ZMQError) {
        try setOption(ZMQ_CURVE_SERVERKEY, bytes: Array(keys.serverPublicKey.utf8))
        try setOption(ZMQ_CURVE_PUBLICKEY, bytes: Array(keys.client.publicKey.utf8))
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: Array(keys.client.secretKey.utf8))
    }
}
