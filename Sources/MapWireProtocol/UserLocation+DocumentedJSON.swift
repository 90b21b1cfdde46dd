extension Mapwire_V1_UserLocation {
    /// `{"latitude","longitude",…,"timestamp"}`: the optional fields only when the source knew them,
    /// the timestamp as RFC 3339 (UTC).
    public var documentedJSON: JSONValue {
        var members = [JSONMember("latitude", .number(latitude)), JSONMember("longitude", .number(longitude))]
        if hasAltitude { members.append(JSONMember("altitude", .number(altitude))) }
        if hasHorizontalAccuracy { members.append(JSONMember("horizontal-accuracy", .number(horizontalAccuracy))) }
        if hasCourse { members.append(JSONMember("course", .number(course))) }
        if hasSpeed { members.append(JSONMember("speed", .number(speed))) }
        if hasHeading { members.append(JSONMember("heading", .number(heading))) }
        members.append(JSONMember("timestamp", .string(RFC3339.format(unixNanos: timestampUnixNanos))))
        return .object(members)
    }
}
