import ArgumentParser
import Foundation
import MapWireBus
import MapWireProtocol

/// `mapwire state`: the core's state snapshot (get-state), what a late joiner reads to catch up.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Print the core's state snapshot: style, sources, camera, load status, last sequence, plugins, counters.",
        discussion: "One JSON object. Events after its last-sequence are new; subscribe first, then ask, then drop events up to it.")

    @OptionGroup var runDirectory: RunDirectoryOptions

    func run() throws {
        try deliver(.getState(.init()), runDirectory: runDirectory)
    }
}

extension SendCommand {
    struct GetState: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get-state", abstract: "The core's state snapshot (as `mapwire state`).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        func run() throws { try deliver(.getState(.init()), runDirectory: runDirectory) }
    }
}

/// `mapwire keygen`: a CurveZMQ key pair for the TCP transport.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a CurveZMQ key pair: NAME.key (private, mode 0600) and NAME.pub (the public key).",
        discussion: """
            The core takes its pair with `mapwire-core --server-key NAME.key`; clients take theirs with \
            --key NAME.key. Put clients' .pub lines in the file given to `mapwire-core --allow-keys`.
            """)

    @Argument(help: "Path prefix of the two files, e.g. keys/core.")
    var name: String

    @Flag(help: "Replace existing files.")
    var force = false

    func run() throws {
        guard CurveKeyPair.isSupported else {
            MonitorCommand.warn("mapwire keygen: this libzmq has no CURVE support")
            throw ExitCode(2)
        }
        let secretPath = name + ".key", publicPath = name + ".pub"
        for path in [secretPath, publicPath] where !force && FileManager.default.fileExists(atPath: path) {
            MonitorCommand.warn("mapwire keygen: \(path) exists (use --force to replace it)")
            throw ExitCode(1)
        }
        let pair = try CurveKeyPair.generate()
        // Create the secret file private from the start, not chmod-ed after being written.
        unlink(secretPath)
        let fd = open(secretPath, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw ValidationError("cannot create \(secretPath): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        handle.write(Data(pair.secretFileText.utf8))
        try Data((pair.publicKey + "\n").utf8).write(to: URL(fileURLWithPath: publicPath))
        Output.line("public key: \(pair.publicKey)")
        Output.line("wrote \(secretPath) (secret, 0600) and \(publicPath)")
    }
}
