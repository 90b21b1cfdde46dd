print("mapwire: not built yet")
