import Testing

@Test func placeholder_MapWireFormatsTests() {}
