import ArgumentParser
import MapWireBus

/// Which events a subscribing command (monitor, record) takes and from where: --endpoint and --filter.
struct EventSourceOptions: ParsableArguments {
    @Option(help: "The events endpoint to connect to (instead of the run directory's).")
    var endpoint: String?

    @Option(help: "Only topics starting with one of these comma-separated prefixes, e.g. map-,style-.")
    var filter: String?

    /// --endpoint, or the run directory's events endpoint.
    func endpoint(of connection: CoreConnection) -> String { endpoint ?? connection.eventsEndpoint }

    /// The --filter prefixes; empty: every topic (so sequence gaps can be counted).
    var prefixes: [String] { filter?.split(separator: ",").map(String.init).filter { !$0.isEmpty } ?? [] }

    /// What to subscribe to: the prefixes, or "" (everything) when there are none.
    var subscriptionPrefixes: [String] { prefixes.isEmpty ? [""] : prefixes }
}
