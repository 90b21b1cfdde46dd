import Foundation
import MapWireCanvas

/// Lines under pitch: GL lays a line's width out on the ground, in screen px at the distance of the
/// map's centre, so it shrinks with distance like the ground itself. A Cairo stroke has one width, so
/// a line is cut into runs of consecutive segments whose perspective scale (at their midpoints) rounds
/// to the same step of 1/8 octave, and each run is stroked at its step's scale. Pure: points in, runs out.
enum PerspectiveLineRuns {
    static let stepsPerOctave = 8.0

    /// The step a perspective scale rounds to.
    static func step(_ scale: Double) -> Int {
        Int((log2(max(scale, 1e-3)) * stepsPerOctave).rounded())
    }

    /// The scale a step stands for.
    static func scale(ofStep step: Int) -> Double { pow(2, Double(step) / stepsPerOctave) }

    struct Run {
        var step: Int
        var points: [Point2D]
        var closed: Bool
    }

    /// Consecutive runs of `line` (screen points); neighbouring runs share the point where they meet.
    /// `scaleAt` gives the perspective scale at a screen y.
    static func runs(_ line: [Point2D], closed: Bool, scaleAt: (Double) -> Double) -> [Run] {
        guard line.count >= 2 else { return [] }
        var points = subdivided(line, scaleAt: scaleAt)
        if closed, let first = line.first, line.last != first {
            points += subdivided([line[line.count - 1], first], scaleAt: scaleAt).dropFirst()
        }
        var runs: [Run] = []
        for i in 1..<points.count {
            let step = step(scaleAt((points[i - 1].y + points[i].y) / 2))
            if let last = runs.last, last.step == step {
                runs[runs.count - 1].points.append(points[i])
            } else {
                runs.append(Run(step: step, points: [points[i - 1], points[i]], closed: false))
            }
        }
        // A ring at one scale stays a ring (joined all round).
        if closed, runs.count == 1 { return [Run(step: runs[0].step, points: line, closed: true)] }
        return runs
    }

    /// The line with points added along segments whose ends lie steps apart (a long road up the
    /// screen), one piece per step, so no piece spans more than about one step.
    static func subdivided(_ line: [Point2D], scaleAt: (Double) -> Double) -> [Point2D] {
        guard var previous = line.first else { return [] }
        var result = [previous]
        var previousStep = step(scaleAt(previous.y))
        for point in line.dropFirst() {
            let pointStep = step(scaleAt(point.y))
            let pieces = min(64, abs(pointStep - previousStep) + 1)
            if pieces > 1 {
                for k in 1..<pieces {
                    let t = Double(k) / Double(pieces)
                    result.append(Point2D(x: previous.x + (point.x - previous.x) * t, y: previous.y + (point.y - previous.y) * t))
                }
            }
            result.append(point)
            previous = point
            previousStep = pointStep
        }
        return result
    }
}

extension StrokeStyle {
    /// The same stroke with every length scaled (a line seen at a distance).
    func scaled(by factor: Double) -> StrokeStyle {
        guard factor != 1 else { return self }
        var copy = self
        copy.width *= factor
        copy.dash = dash.map { $0 * factor }
        copy.dashOffset *= factor
        return copy
    }
}
