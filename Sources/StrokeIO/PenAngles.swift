import Foundation

/// Conversions from the pen-orientation conventions of recording formats to StrokeLab's:
/// altitude in radians from the surface (π/2 upright) and azimuth in radians measured from
/// the +x axis towards +y — clockwise on screen, since y grows downwards — in [0, 2π), the
/// convention of W3C Pointer Events' `azimuthAngle` and UIKit's `azimuthAngle(in:)`.
public enum PenAngles {
    /// W3C Pointer Events tilt → altitude and azimuth, by the conversion the Pointer Events
    /// Level 3 specification gives (§ "Converting between tiltX/tiltY and
    /// altitudeAngle/azimuthAngle"): azimuth = atan2(tan tiltY, tan tiltX) wrapped to [0, 2π),
    /// altitude = atan(1 / √(tan² tiltX + tan² tiltY)), with the specification's special
    /// cases for a zero tilt on an axis and for ±90° (pen flat: altitude 0, azimuth 0).
    /// - Parameters: tiltX, tiltY in degrees, −90…90 (InkML's `OTx`/`OTy` mean the same).
    public static func fromTilt(xDegrees tiltX: Double, yDegrees tiltY: Double) -> (altitude: Double, azimuth: Double) {
        let tx = tiltX * .pi / 180, ty = tiltY * .pi / 180
        var azimuth = 0.0
        if tiltX == 0 {
            if tiltY > 0 { azimuth = .pi / 2 } else if tiltY < 0 { azimuth = 3 * .pi / 2 }
        } else if tiltY == 0 {
            if tiltX < 0 { azimuth = .pi }
        } else if abs(tiltX) == 90 || abs(tiltY) == 90 {
            azimuth = 0
        } else {
            azimuth = atan2(tan(ty), tan(tx))
            if azimuth < 0 { azimuth += 2 * .pi }
        }
        var altitude: Double
        if abs(tiltX) >= 90 || abs(tiltY) >= 90 {
            altitude = 0
        } else if tiltX == 0 {
            altitude = .pi / 2 - abs(ty)
        } else if tiltY == 0 {
            altitude = .pi / 2 - abs(tx)
        } else {
            altitude = atan(1 / (tan(tx) * tan(tx) + tan(ty) * tan(ty)).squareRoot())
        }
        return (max(0, altitude), azimuth)
    }

    /// A Wintab altitude (`orAltitude`) in tenths of a degree (900 = upright) → radians.
    public static func fromWintabAltitude(tenthsOfDegree a: Double) -> Double {
        a / 1800 * .pi
    }

    /// A Wintab azimuth (`orAzimuth`) in tenths of a degree → StrokeLab's azimuth.
    ///
    /// Wintab measures azimuth clockwise from the tablet's top edge ("north", 0) with the
    /// tablet's y growing downwards as on screen; StrokeLab measures from +x, also clockwise
    /// on screen. So θ = a·π/1800 − π/2, wrapped into [0, 2π): north is 3π/2, east 0, south
    /// π/2. (Wintab's zero direction is Wacom's documented convention, not stated in the
    /// datasets' files.)
    public static func fromWintabAzimuth(tenthsOfDegree a: Double) -> Double {
        wrap(a / 1800 * .pi - .pi / 2)
    }

    /// Tilt given as the pen's direction projected on the tablet plane, components −1…1 (the
    /// HelpingHand `.cyn` tiltX/tiltY, inferred) → altitude = acos(min(1, ‖(x, y)‖)),
    /// azimuth = atan2(y, x) wrapped into [0, 2π) (0 when both are 0).
    public static func fromProjectedTilt(x: Double, y: Double) -> (altitude: Double, azimuth: Double) {
        let length = (x * x + y * y).squareRoot()
        let altitude = acos(min(1, length))
        let azimuth = length == 0 ? 0 : wrap(atan2(y, x))
        return (altitude, azimuth)
    }

    /// `angle` wrapped into [0, 2π).
    static func wrap(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a < 0 { a += 2 * .pi }
        return a >= 2 * .pi ? 0 : a
    }
}
