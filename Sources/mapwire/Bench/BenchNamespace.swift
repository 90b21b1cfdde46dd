import Foundation
import MapWireProcess

/// A network namespace the bench makes and removes, joined to this one by a veth pair (10.214.N.1
/// here, 10.214.N.2 there): a renderer started in it reaches the core over a real link, as one on
/// another host would. Needs root and `ip`.
final class BenchNamespace {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let name: String
    let hostLink: String
    let hostAddress: String

    /// Why the bench cannot make one here, or nil.
    static var unavailableReason: String? {
        if getuid() != 0 { return "needs root (ip netns add)" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") { return "needs /usr/sbin/ip (iproute2)" }
        return nil
    }

    init() throws {
        let n = Int.random(in: 1...250)
        let tag = String(UUID().uuidString.prefix(6)).lowercased()
        name = "mwb-\(tag)"
        hostLink = "mwbh\(tag)"
        hostAddress = "10.214.\(n).1"
        let peerLink = "mwbp\(tag)"
        for command in [["netns", "add", name],
                        ["link", "add", hostLink, "type", "veth", "peer", "name", peerLink],
                        ["link", "set", peerLink, "netns", name],
                        ["addr", "add", "\(hostAddress)/24", "dev", hostLink],
                        ["link", "set", hostLink, "up"],
                        ["netns", "exec", name, "ip", "addr", "add", "10.214.\(n).2/24", "dev", peerLink],
                        ["netns", "exec", name, "ip", "link", "set", peerLink, "up"],
                        ["netns", "exec", name, "ip", "link", "set", "lo", "up"]] {
            let status = Self.ip(command)
            guard status == 0 else {
                remove()
                throw Failure(description: "ip \(command.joined(separator: " ")) exited \(status)")
            }
        }
    }

    /// Runs `executable` inside the namespace.
    func start(_ name: String, _ executable: URL, _ arguments: [String], log: URL) throws -> ChildProcess {
        try ChildProcess(name: name, executable: URL(fileURLWithPath: "/usr/sbin/ip"),
                         arguments: ["netns", "exec", self.name, executable.path] + arguments,
                         standardOutput: .file(log.path), standardError: .file(log.path))
    }

    /// Removes the namespace and both ends of the veth pair.
    func remove() {
        Self.ip(["netns", "del", name])
        Self.ip(["link", "del", hostLink])
    }

    @discardableResult
    static func ip(_ arguments: [String]) -> Int32 {
        guard let child = try? ChildProcess(name: "ip", executable: URL(fileURLWithPath: "/usr/sbin/ip"), arguments: arguments,
                                            standardOutput: .discarded, standardError: .discarded) else { return -1 }
        child.waitForExit()
        return child.termination?.status ?? -1
    }
}
