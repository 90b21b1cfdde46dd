print("mapwire-core: not built yet")
