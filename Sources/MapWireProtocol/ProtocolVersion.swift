/// The protocol's major version: the `v1` of package `mapwire.v1`. Minor changes only add fields.
public let mapWireProtocolVersion: UInt32 = 1
