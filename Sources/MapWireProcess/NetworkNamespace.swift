import Foundation

/// A network namespace made here and removed by `remove()`, joined to this one by a veth pair
/// (10.`subnet`.N.1 on this side, 10.`subnet`.N.2 inside): a process started in it reaches this side
/// over a real link, as one on another host would. Needs root and `ip` (iproute2). The bench and the
/// end-to-end tests each make their own, with their own name prefix and subnet, so they never collide.
public final class NetworkNamespace: Sendable {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public let name: String
    public let hostLink: String
    public let hostAddress: String
    public let peerAddress: String
    static let ipPath = "/usr/sbin/ip"

    /// Why one cannot be made here, or nil.
    public static var unavailableReason: String? {
        if getuid() != 0 { return "needs root (ip netns add)" }
        if !FileManager.default.isExecutableFile(atPath: ipPath) { return "needs \(ipPath) (iproute2)" }
        return nil
    }

    /// `prefix`: at most 4 characters (link names are limited to 15); `subnet`: the second octet.
    public init(prefix: String, subnet: Int) throws {
        let n = Int.random(in: 1...250)
        let tag = String(UUID().uuidString.prefix(6)).lowercased()
        name = "\(prefix)-\(tag)"
        hostLink = "\(prefix)h\(tag)"
        hostAddress = "10.\(subnet).\(n).1"
        peerAddress = "10.\(subnet).\(n).2"
        let peerLink = "\(prefix)p\(tag)"
        for command in [["netns", "add", name],
                        ["link", "add", hostLink, "type", "veth", "peer", "name", peerLink],
                        ["link", "set", peerLink, "netns", name],
                        ["addr", "add", "\(hostAddress)/24", "dev", hostLink],
                        ["link", "set", hostLink, "up"],
                        ["netns", "exec", name, "ip", "addr", "add", "\(peerAddress)/24", "dev", peerLink],
                        ["netns", "exec", name, "ip", "link", "set", peerLink, "up"],
                        ["netns", "exec", name, "ip", "link", "set", "lo", "up"]] {
            let status = Self.ip(command)
            guard status == 0 else {
                remove()
                throw Failure(description: "ip \(command.joined(separator: " ")) exited \(status)")
            }
        }
    }

    /// The command line that runs `executable` inside the namespace.
    public func command(_ executable: String, _ arguments: [String]) -> (executable: URL, arguments: [String]) {
        (URL(fileURLWithPath: Self.ipPath), ["netns", "exec", name, executable] + arguments)
    }

    /// Removes the namespace and both ends of the veth pair.
    public func remove() {
        Self.ip(["netns", "del", name])
        Self.ip(["link", "del", hostLink])
    }

    @discardableResult
    static func ip(_ arguments: [String]) -> Int32 {
        guard let child = try? ChildProcess(name: "ip", executable: URL(fileURLWithPath: ipPath), arguments: arguments,
                                            standardOutput: .discarded, standardError: .discarded) else { return -1 }
        child.waitForExit()
        return child.termination?.status ?? -1
    }
}
