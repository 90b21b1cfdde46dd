import MapWireJSON

// The documented-JSON code here was written against these names before the value type moved down
// to MapWireJSON; the aliases keep it (and its users) compiling without an extra import.
public typealias JSONValue = MapWireJSON.JSONValue
public typealias JSONMember = MapWireJSON.JSONMember
