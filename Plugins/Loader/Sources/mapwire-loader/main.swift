print("mapwire-loader: not built yet")
