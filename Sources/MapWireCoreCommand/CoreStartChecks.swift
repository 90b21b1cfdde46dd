import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireCore

/// What the core checks before it binds anything (PROTOCOL.md 2.2, 2.4): a refusal is one clear line
/// and exit status 2, never a half-started core; doubtful but usable settings are warnings.
enum CoreStartChecks {
    /// Refuses (exit 2) or warns; `serverKeyFile` and `allowListFile` are the --tcp files.
    static func run(_ configuration: CoreConfiguration, name: String, serverKeyFile: String?, allowListFile: String?, logger: Logger) throws {
        do {
            if let note = try configuration.runDirectory.prepare() { logger.notice("\(note)") }
            if let tcp = configuration.tcp {
                for warning in try tcpProblems(tcp, serverKeyFile: serverKeyFile, allowListFile: allowListFile) {
                    logger.warning("\(warning)")
                }
            }
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// Throws the first reason TCP cannot work; returns the warnings.
    static func tcpProblems(_ tcp: CoreTCPConfiguration, serverKeyFile: String?, allowListFile: String?) throws -> [String] {
        guard CurveKeyPair.isSupported else { throw CoreStartError.tcpUnavailable("this libzmq has no CURVE support") }
        guard !tcp.allowedClientKeys.isEmpty else {
            throw CoreStartError.tcpUnavailable("the allow-list \(allowListFile ?? "") has no keys (only blank lines or comments): no client could connect")
        }
        for (endpoint, role) in [(tcp.controlEndpoint, "control"), (tcp.eventsEndpoint, "events (PORT+1)")] {
            if let problem = TCPListenCheck.problem(binding: endpoint, role: role) { throw CoreStartError.tcpUnavailable(problem) }
        }
        var warnings = TCPListenCheck.warnings(for: tcp.controlEndpoint)
        var info = stat()
        if let serverKeyFile, stat(serverKeyFile, &info) == 0, info.st_mode & 0o077 != 0 {
            warnings.append("the key file \(serverKeyFile) is readable by others (mode 0\(String(info.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        return warnings
    }
}
