import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Messages arriving on the control socket: hellos, commands, replies, heartbeats.
extension CoreSession {
    func handleControl(from identity: Data, _ incoming: consuming IncomingControl, bytes: Int) {
        let message: Mapwire_V1_ControlMessage, commandBytes: Data?
        switch consume incoming {
        case .resourceReply(let reply): return handleReply(.resource(reply), bytes: bytes, from: identity)
        case .malformed(let error): return reject(identity: identity, .malformed, "\(error)")
        case .message(let m, let b): (message, commandBytes) = (m, b)
        }
        switch message.body {
        case .hello(let hello):
            handleHello(hello, from: identity, now: now)
        case .command(let command):
            tapCommand(commandBytes ?? ControlCodec.encode(message), id: command.id)
            // Events published while the command is handled carry its id (Envelope.causation_id).
            causation.begin(command.id)
            handleCommand(command, from: identity)
            causation.end()
        case .reply(let reply):
            handleReply(PluginAnswer(reply), bytes: bytes, from: identity)
        case .heartbeat:
            if !router.registry.heard(from: identity, now: now) {
                reject(identity: identity, .notRegistered, "heartbeat from a plugin that has not said hello")
            }
        case .progress(let progress):
            // Progress on a request the plugin no longer holds (answered, moved on) is late: dropped.
            if !router.progress(progress.requestID, from: identity, now: now), !router.registry.heard(from: identity, now: now) {
                reject(identity: identity, .notRegistered, "progress from a plugin that has not said hello")
            }
        case .goodbye:
            pluginGone(identity)
        case .welcome, .commandReply, .request:
            reject(identity: identity, .invalid, "the core does not accept this message type")
        case .error(let e):
            logger.warning("peer reported an error", metadata: ["code": "\(e.code)", "message": "\(e.message)"])
        case nil:
            reject(identity: identity, .unknownMessage, "unknown control message type")
        }
    }

    private func handleCommand(_ command: Mapwire_V1_Command, from identity: Data) {
        switch command.kind {
        case .snapshot(let snapshot):
            // Answered later, when the frame is drawn.
            if let refusal = takeSnapshot(snapshot, commandID: command.id, from: identity) {
                replyToCommand(command.id, error: refusal, to: identity)
            }
        case .renderView(let view):
            // Answered when a renderer has drawn the view.
            if let refusal = takeView(view, commandID: command.id, from: identity) {
                replyToCommand(command.id, error: refusal, to: identity)
            }
        case .queryRenderedFeatures, .querySourceFeatures:
            // Answered when a renderer has answered (CoreSession+Queries.swift).
            if let refusal = takeQuery(command, from: identity) { replyToCommand(command.id, error: refusal, to: identity) }
        case .setStyleJson(let style) where styleParses.parsesOffLoop(style):
            // Answered when the parse comes back (CoreSession+StyleParse.swift).
            startStyleParse(style, commandID: command.id, from: identity)
        default:
            // Gestures answer when their dispatch is over; claims need to know who sent them.
            if handleGestureCommand(command, from: identity) { return }
            let reply = handle(command)
            send(.with { $0.commandReply = reply }, to: identity)
            if reply.ok { causation.commandDone(command, styleFailed: map.loadPhase == .failed, animating: isAnimating) }
        }
    }

    func reject(identity: Data?, _ code: Mapwire_V1_Error.Code, _ why: String, inReplyTo id: UInt64 = 0) {
        diagnostics.noteRejected(why)
        if let identity { send(.error(code, why, inReplyTo: id), to: identity) }
    }

    private func handleHello(_ hello: Mapwire_V1_Hello, from identity: Data, now: Int64) {
        if let (code, why) = HelloLimits.refusal(of: hello) { return reject(identity: identity, code, why) }
        // A hello starts a new session: whatever the plugin cached before is gone.
        let (plugin, isNew) = router.register(identity, hello: hello, now: now)
        if isNew, plugin.roles.contains(PluginRole.renderer), frames.rendererRegistered() {
            // Frames were not drawn while the renderer was gone: draw one now.
            onMap { $0.requestRepaint() }
        }
        let asksDelegate = isNew && plugin.roles.contains(PluginRole.annotationDelegate)
        if isNew {
            logger.info("plugin registered", metadata: ["plugin": "\(plugin.id)", "roles": "\(hello.roles.joined(separator: ","))"])
        } else {
            logger.debug("plugin said hello again", metadata: ["plugin": "\(plugin.id)"])
        }
        send(.welcome(pluginID: plugin.id, configuration), to: identity)
        // Asked after its welcome, so the questions reach a plugin that knows it is registered.
        if asksDelegate { annotationDelegateRegistered() }
        if isNew, plugin.roles.contains(PluginRole.loader) { loaderRegistered() }
        dispatchWaiting()
    }

    // MARK: Commands

    func handle(_ command: Mapwire_V1_Command) -> Mapwire_V1_CommandReply {
        var reply = Mapwire_V1_CommandReply.with { $0.id = command.id; $0.ok = true }
        do {
            switch command.kind {
            case .setStyleUri(let c):
                guard !c.uri.isEmpty else { throw MapCommandError("set-style-uri needs a URI") }
                supersedeStyleParse()
                diagnostics.styleURI = c.uri
                onMap { $0.setStyleURI(c.uri) }
            case .setStyleJson(let c):
                supersedeStyleParse()
                diagnostics.styleURI = ""
                try onMap { try $0.setStyleJSON(c.json, baseURL: c.baseURL.isEmpty ? nil : c.baseURL) }
            case .setCamera(let c):
                setViewportIdle()
                try onMap {
                    try $0.setCamera(center: c.hasCenter ? LngLat(longitude: c.center.longitude, latitude: c.center.latitude) : nil,
                                     zoom: c.hasZoom ? c.zoom : nil, bearing: c.hasBearing ? c.bearing : nil,
                                     pitch: c.hasPitch ? c.pitch : nil)
                }
            case .jumpTo(let c):
                startAnimation(try .jump(c, on: map))
            case .easeTo(let c):
                startAnimation(try .ease(c, on: map))
            case .flyTo(let c):
                startAnimation(try .fly(c, on: map))
            case .setSize(let c):
                try onMap { try $0.setSize(width: Int(c.width), height: Int(c.height), pixelRatio: c.pixelRatio == 0 ? nil : c.pixelRatio) }
                // A resized viewport moves padded follow-puck and overview targets: follow them now.
                tickViewport()
                askAboutUserLocation()
            case .addSource, .removeSource, .addStyleImage, .removeStyleImage, .removeLayer, .addLayer, .moveLayer, .setPaintProperty,
                 .setLayoutProperty, .setFilter, .setLayerZoomRange, .setSourceData, .updateSourceData, .setFeatureState,
                 .removeFeatureState, .setLight, .setSky, .setTerrain, .setProjection, .setGlobalStateProperty, .setSprite:
                // Style edits (StyleEditTranslation.swift).
                try onMap { try $0.apply(styleEdit: command.kind!) }
            case .getStyle, .getLayer, .getFeatureState:
                reply.json = try onMap { try $0.answer(styleQuestion: command.kind!) }
            case .ping:
                reply.pong = .with {
                    $0.epoch = epoch
                    $0.mapID = configuration.mapID
                    $0.subscribers = UInt32(diagnostics.subscribers)
                    $0.lastSequence = sequence
                    $0.pluginRoles = router.registry.plugins.values.flatMap(\.roles).sorted()
                }
            case .setViewportState(let c):
                try setViewportState(c)
            case .updateLocation, .setShowsUserLocation, .setTrackingMode, .reportLocationFailure, .reportLocationAuthorization:
                route(try location.handle(command.kind!, now: now, wallNanos: wallNanos) ?? [])
            case .setViewportUpdating(let c):
                route(viewport.setUpdating(c.updating, in: viewportScene))
            case .publishViewportTarget(let c):
                try publishViewportTarget(c)
            case .getCamera:
                reply.camera = cameraState
            case .publishLoadStatus(let c):
                try publishLoadStatus(c)
            case .getLoadStatus:
                reply.loadStatus = diagnostics.loadStatuses.report
            case .getState:
                reply.state = stateSnapshot
            case .reportSupervision(let c):
                try reportSupervision(c)
            case .setNetworkStatus(let c):
                try setNetworkStatus(c.status)
            case .addAnnotations, .removeAnnotations, .selectAnnotation, .deselectAnnotation:
                route(try annotations.handle(command.kind!, delegatePresent: hasAnnotationDelegate) ?? [])
            case .getAnnotations:
                reply.annotations = annotations.list
            case .snapshot, .renderView, .queryRenderedFeatures, .querySourceFeatures:
                throw MapCommandError("snapshots, views and queries are answered later (handleControl)")
            case .benchRequests, .benchPublish:
                // Taken by the shell of the benchmark core (`mapwire-core-bench`) before they reach a session.
                throw MapCommandError("this core does not take the benchmark commands: `mapwire bench` starts mapwire-core-bench",
                                      reason: .refusedInState)
            case .gesture, .claimGestures, .releaseGestures:
                throw MapCommandError("gesture commands are handled with their sender (handleGestureCommand)")
            case nil:
                reply.ok = false
                reply.error = "unknown command (this core speaks protocol version \(mapWireProtocolVersion))"
                reply.errorCode = .unknownCommand
            }
        } catch {
            reply.ok = false
            let refusal = (error as? MapCommandError) ?? MapCommandError("\(error)")
            reply.error = refusal.message
            reply.errorCode = refusal.reason.protocolValue
        }
        return reply
    }

    var cameraState: Mapwire_V1_CameraState { Mapwire_V1_CameraState(map.camera, size: map.size) }
}
