import Testing

@Test func placeholder_MapWireSpriteTests() {}
