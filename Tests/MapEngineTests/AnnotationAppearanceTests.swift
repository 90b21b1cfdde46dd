import Testing
@testable import MapEngine
import MapWireGeometry

/// The delegate's answers resolved against MGLMapViewDelegate's defaults (PROTOCOL.md 7.10): pure, no session.
@Suite struct AnnotationAppearanceTests {
    /// Stands in for the CSS parser: colours starting with "#" or "rgb".
    static func isColor(_ s: String) -> Bool { s.hasPrefix("#") || s.hasPrefix("rgb") }

    static func png(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
    }

    @Test func noAnswerIsTheSeedDefaultsInTheTintColour() {
        let (appearance, problems) = AnnotationAppearance.resolved(AnnotationAnswer(), tint: "#007AFF", isColor: Self.isColor)
        #expect(problems.isEmpty)
        #expect(appearance == AnnotationAppearance.defaults(tint: "#007AFF"))
        #expect(appearance.image == nil && appearance.alpha == 1 && appearance.lineWidth == 3)
        #expect(appearance.strokeColor == "#007AFF" && appearance.fillColor == "#007AFF")
        #expect(appearance.shapeEnabled && !appearance.canShowCallout)
    }

    @Test func validAnswersReplaceTheirDefaults() {
        let answer = AnnotationAnswer(image: .styleImage("shop"), alpha: 0.5, strokeColor: "#ff0000", fillColor: "rgb(0,255,0)",
                                      lineWidth: 6, shapeEnabled: false, canShowCallout: true,
                                      callout: CalloutText(title: "T", rightAccessory: "i"))
        let (a, problems) = AnnotationAppearance.resolved(answer, tint: "#007AFF", isColor: Self.isColor)
        #expect(problems.isEmpty)
        #expect(a.image == .styleImage("shop") && a.alpha == 0.5 && a.strokeColor == "#ff0000" && a.fillColor == "rgb(0,255,0)")
        #expect(a.lineWidth == 6 && !a.shapeEnabled && a.canShowCallout && a.callout?.rightAccessory == "i")
    }

    @Test func badValuesFallBackToTheDefaultAndAreNamed() {
        let answer = AnnotationAnswer(image: .png([1, 2, 3], pixelRatio: 1), alpha: 1.5, strokeColor: "blurple", fillColor: "",
                                      lineWidth: -2)
        let (a, problems) = AnnotationAppearance.resolved(answer, tint: "#123456", isColor: Self.isColor)
        #expect(a == AnnotationAppearance.defaults(tint: "#123456"))
        #expect(problems.count == 5)
        #expect(problems.contains { $0.contains("alpha 1.5") })
        #expect(problems.contains { $0.contains("\"blurple\"") })
        #expect(problems.contains { $0.contains("line width -2") })
        #expect(problems.contains { $0.contains("not a PNG") })
        let nanAlpha = AnnotationAppearance.resolved(AnnotationAnswer(alpha: .nan, lineWidth: .infinity), tint: "#1", isColor: Self.isColor)
        #expect(nanAlpha.problems.count == 2 && nanAlpha.appearance.alpha == 1 && nanAlpha.appearance.lineWidth == 3)
    }

    @Test func aPNGImageHasItsHeaderSizeOverItsPixelRatio() throws {
        let (a, problems) = AnnotationAppearance.resolved(AnnotationAnswer(image: .png(Self.png(width: 64, height: 96), pixelRatio: 2)),
                                                          tint: "#000", isColor: Self.isColor)
        #expect(problems.isEmpty)
        guard case .png(let png)? = a.image else { Issue.record("no PNG image"); return }
        #expect(png.width == 64 && png.height == 96)
        #expect(png.points == (32, 48))
        // Pixel ratio 0 means 1; a ratio outside 0...8 is refused.
        let zero = AnnotationAppearance.resolved(AnnotationAnswer(image: .png(Self.png(width: 10, height: 20), pixelRatio: 0)),
                                                 tint: "#000", isColor: Self.isColor)
        if case .png(let p)? = zero.appearance.image { #expect(p.points == (10, 20)) } else { Issue.record("ratio 0 refused") }
        let huge = AnnotationAppearance.resolved(AnnotationAnswer(image: .png(Self.png(width: 10, height: 20), pixelRatio: 100)),
                                                 tint: "#000", isColor: Self.isColor)
        #expect(huge.appearance.image == nil && huge.problems.count == 1)
        let heavy = AnnotationAppearance.resolved(
            AnnotationAnswer(image: .png(Self.png(width: 10, height: 20) + [UInt8](repeating: 0, count: AnnotationAppearance.maxPNGBytes), pixelRatio: 1)),
            tint: "#000", isColor: Self.isColor)
        #expect(heavy.appearance.image == nil && heavy.problems == ["a PNG of \(AnnotationAppearance.maxPNGBytes + 29) bytes (at most 262144)"])
    }

    @Test func pngHeaderReadsIHDRAndRefusesAnythingElse() {
        #expect(PNGHeader.size(of: Self.png(width: 300, height: 2)).map { [$0.width, $0.height] } == [300, 2])
        #expect(PNGHeader.size(of: Self.png(width: 0, height: 2)) == nil)
        #expect(PNGHeader.size(of: Array(Self.png(width: 3, height: 2).prefix(20))) == nil)
        var notIHDR = Self.png(width: 3, height: 2)
        notIHDR[12] = UInt8(ascii: "X")
        #expect(PNGHeader.size(of: notIHDR) == nil)
        #expect(PNGHeader.size(of: [UInt8](repeating: 0, count: 40)) == nil)
    }

    @Test func aCalloutNeedsPermissionAndATitle() {
        var look = AnnotationAppearance.defaults(tint: "#000")
        let titled = Annotation(id: "a", title: "Shop", subtitle: "Open", shape: .point(LngLat(longitude: 0, latitude: 0), image: nil))
        #expect(look.calloutText(for: titled) == nil)
        look.canShowCallout = true
        #expect(look.calloutText(for: titled) == CalloutText(title: "Shop", subtitle: "Open"))
        var untitled = titled
        untitled.title = ""
        #expect(look.calloutText(for: untitled) == nil)
        look.callout = CalloutText(title: "Custom", leftAccessory: "x")
        #expect(look.calloutText(for: titled)?.title == "Custom")
    }

    @Test func puckColoursTakeValidAnswersOnly() {
        let (colors, problems) = PuckColors.resolved(fill: "#ff0000", halo: "", accuracyRing: "nope", headingArrow: "rgb(1,2,3)",
                                                     isColor: Self.isColor)
        #expect(colors.fill == "#ff0000" && colors.halo == PuckColors.defaults.halo)
        #expect(colors.accuracyRing == PuckColors.defaults.accuracyRing && colors.headingArrow == "rgb(1,2,3)")
        #expect(problems == ["accuracy ring colour \"nope\" is not a CSS colour"])
    }

    @Test func attributesAreLimitedInNumberAndLength() {
        let ok = Dictionary(uniqueKeysWithValues: (0..<64).map { ("k\($0)", "v") })
        #expect(throws: Never.self) { try AnnotationValidation.checkAttributes(ok, in: "a") }
        var tooMany = ok
        tooMany["k64"] = "v"
        #expect(throws: MapCommandError("a: more than 64 attributes (got 65)")) { try AnnotationValidation.checkAttributes(tooMany, in: "a") }
        #expect(throws: MapCommandError("a: an attribute key is empty")) { try AnnotationValidation.checkAttributes(["": "v"], in: "a") }
        let longKey = String(repeating: "k", count: 257)
        #expect(throws: MapCommandError.self) { try AnnotationValidation.checkAttributes([longKey: "v"], in: "a") }
        #expect(throws: Never.self) { try AnnotationValidation.checkAttributes([String(repeating: "k", count: 256): String(repeating: "v", count: 4096)], in: "a") }
        do {
            try AnnotationValidation.checkAttributes(["kind": String(repeating: "v", count: 4097)], in: "annotation \"x\"")
            Issue.record("a long value was taken")
        } catch { #expect(error.message == "annotation \"x\": the value of attribute \"kind\" is longer than 4096 characters (got 4097)") }
        // The store refuses an annotation with bad attributes.
        var store = AnnotationStore()
        let bad = Annotation(id: "p", shape: .point(LngLat(longitude: 0, latitude: 0), image: nil), attributes: ["": "x"])
        #expect(throws: MapCommandError.self) { try store.add([bad]) }
    }
}
