import Foundation
import MapEngine
import MapWireGeometry
import MapWireTesting
import Testing

/// The fly path against van Wijk & Nuij's formulas, written out here on their own.
@Suite struct CameraFlyTests {
    static let size = ViewportSize(width: 800, height: 600)
    static let sanFrancisco = Camera(center: LngLat(longitude: -122.4, latitude: 37.8), zoom: 10)
    static let newYork = Camera(center: LngLat(longitude: -74.0, latitude: 40.7), zoom: 10)

    /// The paper's path for widths w0, w1 and distance u1 with ρ = 1.42.
    struct ReferencePath {
        let w0: Double, w1: Double, u1: Double, rho = 1.42
        func r(_ i: Int) -> Double {
            let w = i == 0 ? w0 : w1
            let sign: Double = i == 0 ? 1 : -1
            let b = (w1 * w1 - w0 * w0 + sign * pow(rho, 4) * u1 * u1) / (2 * w * rho * rho * u1)
            return log(-b + (b * b + 1).squareRoot())
        }
        var length: Double { (r(1) - r(0)) / rho }
        func w(_ s: Double) -> Double { w0 * cosh(r(0)) / cosh(rho * s + r(0)) }
        func u(_ s: Double) -> Double { w0 / (rho * rho) * cosh(r(0)) * tanh(rho * s + r(0)) - w0 / (rho * rho) * sinh(r(0)) }
    }

    static func referenceFlight() -> ReferencePath {
        let a = WebMercator.project(sanFrancisco.center, zoom: 10), b = WebMercator.project(newYork.center, zoom: 10)
        let u1 = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        return ReferencePath(w0: 800, w1: 800, u1: u1)
    }

    @Test func automaticDurationIsPathLengthOverSpeed() {
        let animation = CameraAnimation.fly(from: Self.sanFrancisco, to: Self.newYork, size: Self.size)
        let reference = Self.referenceFlight()
        #expect(isClose(animation.duration, reference.length / 1.2, tolerance: 1e-9))
        // Worked out separately (Python, same formulas): S ≈ 7.29988, so about 6.083 s.
        #expect(isClose(animation.duration, 6.08322957421581, tolerance: 1e-6))
    }

    @Test func pathFollowsTheFormulas() {
        let animation = CameraAnimation.fly(
            from: Self.sanFrancisco, to: Self.newYork, size: Self.size, options: FlyOptions(easing: .linear))
        let reference = Self.referenceFlight()
        let start = WebMercator.project(Self.sanFrancisco.center, zoom: 10)
        for fraction in [0.1, 0.25, 0.5, 0.8] {
            let camera = animation.camera(at: fraction * animation.duration)
            let s = fraction * reference.length
            #expect(isClose(camera.zoom, 10 + log2(reference.w0 / reference.w(s)), tolerance: 1e-9))
            let p = WebMercator.project(camera.center, zoom: 10)
            let travelled = ((p.x - start.x) * (p.x - start.x) + (p.y - start.y) * (p.y - start.y)).squareRoot()
            #expect(isClose(travelled, reference.u(s), tolerance: 1e-6 * reference.u1))
        }
    }

    @Test func longFlightZoomsOutOnTheWayAndEndsExactly() {
        let to = Camera(center: Self.newYork.center, zoom: 12, bearing: 30, pitch: 20)
        let animation = CameraAnimation.fly(from: Self.sanFrancisco, to: to, size: Self.size,
                                            options: FlyOptions(easing: .linear))
        let middle = animation.camera(at: animation.duration / 2)
        #expect(middle.zoom < 10 && middle.zoom < 12)
        #expect(middle.zoom < 5)
        #expect(animation.camera(at: 0) == Self.sanFrancisco)
        #expect(animation.camera(at: animation.duration) == to)
    }

    @Test func centreProgressNeverGoesBack() {
        let animation = CameraAnimation.fly(from: Self.sanFrancisco, to: Self.newYork, size: Self.size)
        let start = WebMercator.project(Self.sanFrancisco.center, zoom: 0)
        var previous = -1.0
        for step in 0...200 {
            let p = WebMercator.project(animation.camera(at: Double(step) / 200 * animation.duration).center, zoom: 0)
            let distance = ((p.x - start.x) * (p.x - start.x) + (p.y - start.y) * (p.y - start.y)).squareRoot()
            #expect(distance >= previous - 1e-12)
            previous = distance
        }
    }

    /// Without travel the path is a pure zoom: S = |ln(w1 / w0)| / ρ = ln(2⁴) / 1.42.
    @Test func pureZoomUsesTheLogarithmicForm() {
        let from = Camera(center: LngLat(longitude: 8, latitude: 47), zoom: 3)
        let to = Camera(center: LngLat(longitude: 8, latitude: 47), zoom: 7)
        let animation = CameraAnimation.fly(from: from, to: to, size: Self.size, options: FlyOptions(easing: .linear))
        #expect(isClose(animation.duration, log(16) / 1.42 / 1.2, tolerance: 1e-12))
        #expect(isClose(animation.camera(at: animation.duration / 2).zoom, 5, tolerance: 1e-9))
        #expect(animation.camera(at: animation.duration) == to)
    }

    @Test func durationOptions() {
        let capped = CameraAnimation.fly(from: Self.sanFrancisco, to: Self.newYork, size: Self.size,
                                         options: FlyOptions(maxDuration: 3.5))
        #expect(capped.duration == 3.5)
        #expect(capped.camera(at: 3.5) == Self.newYork)
        let fixed = CameraAnimation.fly(from: Self.sanFrancisco, to: Self.newYork, size: Self.size, duration: 2)
        #expect(fixed.duration == 2)
        let turn = Camera(center: Self.sanFrancisco.center, zoom: 10, bearing: 90)
        #expect(CameraAnimation.fly(from: Self.sanFrancisco, to: turn, size: Self.size).duration == 0.5)
        #expect(CameraAnimation.fly(from: Self.sanFrancisco, to: Self.sanFrancisco, size: Self.size).duration == 0)
    }

    @Test func shortHopsAreQuickerThanLongFlights() {
        let nearby = Camera(center: LngLat(longitude: -122.39, latitude: 37.81), zoom: 10)
        let hop = CameraAnimation.fly(from: Self.sanFrancisco, to: nearby, size: Self.size)
        let flight = CameraAnimation.fly(from: Self.sanFrancisco, to: Self.newYork, size: Self.size)
        #expect(hop.duration > 0 && hop.duration < 0.2 * flight.duration)
    }

    @Test func paddedFlightEndsWithThePointAtThePaddedCentre() {
        let padding = EdgePadding(top: 0, left: 300, bottom: 100, right: 0)
        let animation = CameraAnimation.fly(from: Self.sanFrancisco, to: Self.newYork, size: Self.size,
                                            options: FlyOptions(padding: padding))
        let end = animation.camera(at: animation.duration)
        #expect(isClose(screenPosition(of: Self.newYork.center, camera: end, size: Self.size), ScreenPoint(x: 550, y: 250)))
    }
}
