import Testing

@Test func placeholder_MapEngineTests() {}
