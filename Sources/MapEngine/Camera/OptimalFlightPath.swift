import Foundation

/// The zoom-and-pan path of van Wijk & Nuij, "Smooth and efficient zooming and panning" (2003):
/// the view zooms out while it travels and back in on arrival, so the trip feels evenly paced.
/// Widths `w` and distances `u` share one unit (any; the path length S does not depend on it).
struct OptimalFlightPath: Equatable, Sendable {
    /// The paper's ρ: how much the path zooms out on the way (GL engines' "curve", default 1.42).
    let rho: Double
    let w0: Double, w1: Double, u1: Double
    /// Path length S in the paper's units; seconds of flight = S / speed.
    let length: Double
    private let r0: Double
    /// Without travel the path is a pure zoom: w(s) = w0·exp(±ρ·s).
    private let isPureZoom: Bool

    /// Travel below this (in the unit of u1) counts as none.
    static let minimumTravel = 1e-6

    init(w0: Double, w1: Double, u1: Double, rho: Double) {
        self.rho = rho
        self.w0 = w0
        self.w1 = w1
        self.u1 = u1
        if u1 < Self.minimumTravel {
            isPureZoom = true
            r0 = 0
            length = abs(log(w1 / w0)) / rho
        } else {
            isPureZoom = false
            let rho2 = rho * rho
            let b0 = (w1 * w1 - w0 * w0 + rho2 * rho2 * u1 * u1) / (2 * w0 * rho2 * u1)
            let b1 = (w1 * w1 - w0 * w0 - rho2 * rho2 * u1 * u1) / (2 * w1 * rho2 * u1)
            // r(i) = ln(−b_i + √(b_i² + 1)) = −asinh(b_i); the asinh form keeps precision for large b_i.
            r0 = -asinh(b0)
            let r1 = -asinh(b1)
            length = (r1 - r0) / rho
        }
    }

    /// Width of the view at arc length s (w0 at 0, w1 at `length`).
    func width(at s: Double) -> Double {
        if isPureZoom { return w0 * exp((w1 < w0 ? -1 : 1) * rho * s) }
        return w0 * cosh(r0) / cosh(rho * s + r0)
    }

    /// Distance travelled at arc length s (0 at 0, u1 at `length`).
    func distance(at s: Double) -> Double {
        if isPureZoom { return 0 }
        return w0 / (rho * rho) * (cosh(r0) * tanh(rho * s + r0) - sinh(r0))
    }
}
