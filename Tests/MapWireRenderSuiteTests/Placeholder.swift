import Testing

@Test func placeholder_MapWireRenderSuiteTests() {}
