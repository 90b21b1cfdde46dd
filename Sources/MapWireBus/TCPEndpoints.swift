/// The opt-in TCP endpoints of a core (PROTOCOL.md 2.4): `tcp://HOST:PORT` is control, PORT+1 events.
public enum TCPEndpoints {
    public static func split(_ base: String) -> (control: String, events: String)? {
        guard base.hasPrefix("tcp://"), let colon = base.lastIndex(of: ":"),
              let port = Int(base[base.index(after: colon)...]), (1...65534).contains(port) else { return nil }
        let host = base[..<colon]
        return ("\(host):\(port)", "\(host):\(port + 1)")
    }
}
