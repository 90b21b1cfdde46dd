import Testing

@Test func placeholder_MapWireCanvasTests() {}
