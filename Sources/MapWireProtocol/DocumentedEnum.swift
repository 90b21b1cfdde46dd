/// The documented string of each enum value (the data formats of the Mapbox MapEvents reference). The conformances are generated
/// (Generated/mapwire_v1_documented.swift) by the rule of PROTOCOL.md 5.2: the proto value name
/// without its enum prefix, lower case, `_` → `-`.
public protocol DocumentedEnum: CaseIterable, Equatable {
    var documentedName: String { get }
}

extension DocumentedEnum {
    /// The value whose documented name is `name`, or nil.
    public init?(documentedName name: String) {
        guard let match = Self.allCases.first(where: { $0.documentedName == name }) else { return nil }
        self = match
    }
}
