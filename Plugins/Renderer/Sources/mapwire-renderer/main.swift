print("mapwire-renderer: not built yet")
