import MapEngine
import Testing

@Suite struct UserTrackingTests {
    @Test func showingTwiceAnnouncesOnce() {
        var tracking = UserTracking()
        #expect(tracking.setShowsUserLocation(true) == [.willStartLocating])
        #expect(tracking.setShowsUserLocation(true) == [])
        #expect(tracking.setShowsUserLocation(false) == [.didStopLocating])
        #expect(tracking.setShowsUserLocation(false) == [])
    }

    @Test func aFollowingModeStartsLocatingFirst() {
        var tracking = UserTracking()
        #expect(tracking.setMode(.followWithCourse, animated: true) == [.willStartLocating, .modeChanged(.followWithCourse, animated: true)])
        #expect(tracking.showsUserLocation)
        #expect(tracking.setMode(.followWithCourse, animated: false) == [])
        #expect(tracking.setMode(.follow, animated: false) == [.modeChanged(.follow, animated: false)])
    }

    @Test func modeNoneKeepsShowingTheLocation() {
        var tracking = UserTracking()
        _ = tracking.setMode(.follow, animated: false)
        #expect(tracking.setMode(.none, animated: true) == [.modeChanged(.none, animated: true)])
        #expect(tracking.showsUserLocation)
    }

    @Test func hidingTheLocationEndsTrackingBeforeStopping() {
        var tracking = UserTracking()
        _ = tracking.setMode(.followWithHeading, animated: false)
        #expect(tracking.setShowsUserLocation(false) == [.modeChanged(.none, animated: false), .didStopLocating])
        #expect(tracking.mode == .none)
    }

    @Test func takingTheCameraEndsTrackingOnce() {
        var tracking = UserTracking()
        #expect(tracking.endTracking() == [])
        _ = tracking.setMode(.follow, animated: true)
        #expect(tracking.endTracking() == [.modeChanged(.none, animated: false)])
        #expect(tracking.endTracking() == [])
        #expect(tracking.showsUserLocation)
    }

    @Test func modesSetTheFollowPuckBearing() {
        #expect(UserTrackingMode.none.followPuck == nil)
        #expect(UserTrackingMode.follow.followPuck?.bearing == FollowPuckBearing.none)
        #expect(UserTrackingMode.followWithHeading.followPuck?.bearing == .heading)
        #expect(UserTrackingMode.followWithCourse.followPuck?.bearing == .course)
        #expect(UserTrackingMode.follow.followPuck?.zoom == nil)
    }
}
