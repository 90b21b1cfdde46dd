import Testing

@Test func placeholder_MapWireDemoTests() {}
