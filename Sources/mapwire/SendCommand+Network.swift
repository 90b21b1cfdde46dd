import ArgumentParser
import Foundation
import MapWireProtocol

extension SendCommand {
    /// `mapwire send network offline|online` (PROTOCOL.md 7.8).
    struct Network: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "network",
            abstract: "Go offline (loads ask the loaders' cache only) or back online (what failed for want of a network is asked for again).")

        enum Status: String, ExpressibleByArgument, CaseIterable { case online, offline }

        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "online or offline.") var status: Status

        func run() throws {
            try deliver(.setNetworkStatus(.with { $0.status = status == .online ? .online : .offline }), runDirectory: runDirectory)
        }
    }
}
