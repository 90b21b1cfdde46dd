import Foundation
import MapWireFormats

// libFuzzer entry point over PMTiles archives: the input is the whole archive. The header, the
// TileJSON and every tile of zooms 0 to 2 plus a few deep ones are read, through the root and
// leaf directories, so the fuzzer reaches the varint decoder, the directory walk, the section
// checks and gzip. Built by scripts/fuzz with `swiftc -sanitize=fuzzer`; not part of the SwiftPM
// package. A crash (trap, fatalError) is a finding; errors are expected.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPMTiles(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let reader = PMTilesReader(source: PMTilesMemorySource(name: "fuzz.pmtiles", bytes: Data(bytes: bytes, count: count)))
    guard let header = try? reader.headerNow() else { return 0 }
    _ = try? reader.tileJSONNow(tilesTemplate: "pmtiles:///fuzz.pmtiles/{z}/{x}/{y}")
    for z in 0...2 {
        for x in 0..<(1 << z) {
            for y in 0..<(1 << z) { _ = try? reader.tileNow(z: z, x: x, y: y) }
        }
    }
    let deep = min(header.maxZoom, 30)
    for (x, y) in [(0, 0), ((1 << deep) - 1, 0), ((1 << deep) / 2, (1 << deep) / 2)] {
        _ = try? reader.tileNow(z: deep, x: x, y: y)
    }
    return 0
}
