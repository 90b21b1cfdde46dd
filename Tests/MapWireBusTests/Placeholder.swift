import Testing

@Test func placeholder_MapWireBusTests() {}
