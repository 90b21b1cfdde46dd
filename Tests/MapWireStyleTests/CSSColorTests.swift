import Testing
@testable import MapWireStyle

struct CSSColorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let css: String
        let rgba: [Double]  // 0...255 channels, 0...1 alpha
        var testDescription: String { css }
    }

    @Test(arguments: [
        Case(css: "#f00", rgba: [255, 0, 0, 1]),
        Case(css: "#F80", rgba: [255, 136, 0, 1]),
        Case(css: "#f008", rgba: [255, 0, 0, 136.0 / 255]),
        Case(css: "#ff8000", rgba: [255, 128, 0, 1]),
        Case(css: "#FF800080", rgba: [255, 128, 0, 128.0 / 255]),
        Case(css: "  #00ff00  ", rgba: [0, 255, 0, 1]),
        Case(css: "rgb(255, 0, 0)", rgba: [255, 0, 0, 1]),
        Case(css: "rgb(255,128,0)", rgba: [255, 128, 0, 1]),
        Case(css: "RGB(10, 20, 30)", rgba: [10, 20, 30, 1]),
        Case(css: "rgb(100%, 50%, 0%)", rgba: [255, 127.5, 0, 1]),
        Case(css: "rgb(300, -5, 0)", rgba: [255, 0, 0, 1]),
        Case(css: "rgba(0, 0, 255, 0.5)", rgba: [0, 0, 255, 0.5]),
        Case(css: "rgba(0%, 100%, 0%, 0.25)", rgba: [0, 255, 0, 0.25]),
        Case(css: "rgba(0, 0, 0, 50%)", rgba: [0, 0, 0, 0.5]),
        Case(css: "rgba(0, 0, 0, 2)", rgba: [0, 0, 0, 1]),
        Case(css: "rgb(10 20 30)", rgba: [10, 20, 30, 1]),
        Case(css: "rgb(10 20 30 / 40%)", rgba: [10, 20, 30, 0.4]),
        Case(css: "rgb(1.5, 2.5, 3.5)", rgba: [1.5, 2.5, 3.5, 1]),
        Case(css: "hsl(0, 100%, 50%)", rgba: [255, 0, 0, 1]),
        Case(css: "hsl(120, 100%, 50%)", rgba: [0, 255, 0, 1]),
        Case(css: "hsl(240, 100%, 25%)", rgba: [0, 0, 127.5, 1]),
        Case(css: "hsl(0, 0%, 100%)", rgba: [255, 255, 255, 1]),
        Case(css: "hsl(480, 100%, 50%)", rgba: [0, 255, 0, 1]),
        Case(css: "hsl(-120, 100%, 50%)", rgba: [0, 0, 255, 1]),
        Case(css: "hsl(120deg, 100%, 50%)", rgba: [0, 255, 0, 1]),
        Case(css: "hsl(0.5turn, 100%, 50%)", rgba: [0, 255, 255, 1]),
        Case(css: "hsla(0, 100%, 50%, 0.3)", rgba: [255, 0, 0, 0.3]),
        Case(css: "hsl(0 100% 50% / 0.3)", rgba: [255, 0, 0, 0.3]),
        Case(css: "red", rgba: [255, 0, 0, 1]),
        Case(css: "Red", rgba: [255, 0, 0, 1]),
        Case(css: "rebeccapurple", rgba: [102, 51, 153, 1]),
        Case(css: "lightgoldenrodyellow", rgba: [250, 250, 210, 1]),
        Case(css: "grey", rgba: [128, 128, 128, 1]),
        Case(css: "transparent", rgba: [0, 0, 0, 0]),
    ])
    func parses(_ test: Case) throws {
        let color = try #require(StyleColor(css: test.css))
        let expected = StyleColor(r: test.rgba[0] / 255, g: test.rgba[1] / 255, b: test.rgba[2] / 255, a: test.rgba[3])
        #expect(nearlyEqual(.color(color), .color(expected)), "\(test.css) gave \(color)")
    }

    @Test(arguments: [
        "", "#", "#ff", "#fffff", "#fffffffff", "#ggg", "rgb(1, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(1, 2, x)",
        "rgb(1, , 3)", "rgb 1 2 3", "rgb(1 2 3", "hsl(a, 1%, 1%)", "notacolor", "cmyk(0, 0, 0, 0)", "rgb(nan, 0, 0)",
        "rgb(inf, 0, 0)", "rgb(0x10, 0, 0)", "hsl(0 100% 50% / )",
    ])
    func rejects(_ text: String) {
        #expect(StyleColor(css: text) == nil)
    }

    @Test func allNamedColoursAreKnown() {
        // 148 CSS keywords plus "transparent".
        #expect(CSSNamedColors.table.count == 149)
        #expect(StyleColor(css: "cornflowerblue") == StyleColor(r: 100 / 255, g: 149 / 255, b: 237 / 255))
    }

    @Test func constants() {
        #expect(StyleColor.black == StyleColor(r: 0, g: 0, b: 0, a: 1))
        #expect(StyleColor.white == StyleColor(r: 1, g: 1, b: 1, a: 1))
        #expect(StyleColor.transparent.a == 0)
    }

    @Test func labAndHCLRoundTrip() {
        for css in ["red", "#123456", "rebeccapurple", "white", "black", "#80808080"] {
            let color = StyleColor(css: css)!
            #expect(nearlyEqual(.color(LabColor(color).color), .color(color), tolerance: 1e-6), "lab \(css)")
            #expect(nearlyEqual(.color(HCLColor(color).color), .color(color), tolerance: 1e-6), "hcl \(css)")
        }
    }
}
