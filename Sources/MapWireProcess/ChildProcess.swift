import Foundation

/// A process this program started and must stop: the CLI's core and plugins, the plugin under
/// `plugin-check`, the bench's peers, the tests' processes. Stopped by its process id only (SIGTERM,
/// then SIGKILL), never by name; its standard input is /dev/null.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable: `process` (or `tied`) is configured and started in init and afterwards only
    // read (pid, isRunning, termination), which Foundation's Process and TiedChild allow from any
    // thread; `exited` is only touched while holding `condition`; `pipes` is set in init only.

    /// Where a standard stream goes.
    public enum Output: Sendable {
        /// This program's own stream.
        case inherited
        case discarded
        /// Appended to a file (created when missing); both streams may name the same file.
        case file(String)
        /// A pipe, read through `standardOutput` / `standardError`.
        case pipe
    }

    public let name: String
    private let process = Process()
    /// Set instead of `process` for a child that dies with this process.
    private let tied: TiedChild?
    /// The read ends of a tied child's `.pipe` streams.
    private var pipes: (output: Pipe?, error: Pipe?) = (nil, nil)
    private let condition = NSCondition()
    private var exited = false

    /// `diesWithParent`: the kernel kills the child (SIGKILL) when the thread calling this ends, so make
    /// it on the main thread of a process that starts its helpers (`mapwire snapshot`): a launcher that
    /// was killed leaves nothing running. Not with `environment` (the child gets this process's).
    public init(name: String, executable: URL, arguments: [String], environment: [String: String]? = nil,
                standardOutput: Output = .inherited, standardError: Output = .inherited, diesWithParent: Bool = false) throws {
        self.name = name
        guard !diesWithParent else {
            precondition(environment == nil, "a child tied to its parent gets the parent's environment")
            let (child, pipes) = try Self.startTied(executable: executable, arguments: arguments,
                                                    standardOutput: standardOutput, standardError: standardError)
            tied = child
            self.pipes = pipes
            return
        }
        tied = nil
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        if let out = try Self.handle(standardOutput) { process.standardOutput = out }
        if let err = try Self.handle(standardError) { process.standardError = err }
        let condition = self.condition
        process.terminationHandler = { [weak self] _ in
            condition.lock()
            self?.exited = true
            condition.broadcast()
            condition.unlock()
        }
        try Self.withNoSignalsBlocked { try process.run() }
    }

    public var pid: Int32 { tied?.pid ?? process.processIdentifier }
    public var isRunning: Bool { tied?.isRunning ?? process.isRunning }

    /// The read end of a `.pipe` standard output or error (nil for the other kinds).
    public var standardOutput: FileHandle? { (pipes.output ?? process.standardOutput as? Pipe)?.fileHandleForReading }
    public var standardError: FileHandle? { (pipes.error ?? process.standardError as? Pipe)?.fileHandleForReading }

    /// The exit status, or the signal that ended it; nil while it runs.
    public var termination: (status: Int32, bySignal: Bool)? {
        if let tied { return tied.termination }
        guard !process.isRunning else { return nil }
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// How an ended child ended: "exited with status 1" or "killed by signal 9" ("running" before).
    public var exitDescription: String {
        guard let termination else { return "running" }
        return termination.bySignal ? "killed by signal \(termination.status)" : "exited with status \(termination.status)"
    }

    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Waits up to `timeout` seconds for the child to end; true when it has.
    @discardableResult
    public func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        if let tied { return tied.wait(until: deadline) }
        condition.lock()
        defer { condition.unlock() }
        while !exited, condition.wait(until: deadline) {}
        return exited || !process.isRunning
    }

    /// Waits for the child to end, however long that takes.
    public func waitForExit() {
        if let tied { tied.wait(until: nil) } else { process.waitUntilExit() }
    }

    /// SIGTERM, again every 200 ms (a child still starting may not handle it yet), then SIGKILL when it
    /// has not ended after `grace` seconds.
    public func stop(grace: TimeInterval = 3) {
        let deadline = Date().addingTimeInterval(grace)
        while isRunning, Date() < deadline {
            kill(pid, SIGTERM)
            waitForExit(timeout: min(0.2, max(0, deadline.timeIntervalSinceNow)))
        }
        if isRunning { kill(pid, SIGKILL) }
        waitForExit()
    }

    /// The program `name` in the folder of the running executable (SwiftPM puts all products there).
    public static func sibling(_ name: String) -> URL {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// A spawned child starts with the spawning thread's signal mask, and Dispatch's worker threads (the
    /// ones tests and async code run on) block every signal: its SIGTERM would then never arrive.
    private static func withNoSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Starts a `TiedChild` with its streams: /dev/null in, the outputs as asked (a pipe's read end kept).
    private static func startTied(executable: URL, arguments: [String], standardOutput: Output,
                                  standardError: Output) throws -> (TiedChild, (Pipe?, Pipe?)) {
        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        var pipes: (Pipe?, Pipe?) = (nil, nil)
        func descriptor(_ output: Output, inherited: Int32, pipe: inout Pipe?) throws -> Int32 {
            switch output {
            case .inherited: return inherited
            case .pipe:
                let made = Pipe()
                pipe = made
                return made.fileHandleForWriting.fileDescriptor
            case .discarded, .file:
                let path = if case .file(let file) = output { file } else { "/dev/null" }
                let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
                opened.append(fd)
                return fd
            }
        }
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: "/dev/null"]) }
        opened.append(input)
        let output = try descriptor(standardOutput, inherited: STDOUT_FILENO, pipe: &pipes.0)
        let error = try descriptor(standardError, inherited: STDERR_FILENO, pipe: &pipes.1)
        let child = try TiedChild(executable: executable, arguments: arguments, descriptors: (input, output, error))
        // The child has its own copies of the write ends: closing ours lets a reader see the end.
        try pipes.0?.fileHandleForWriting.close()
        try pipes.1?.fileHandleForWriting.close()
        return (child, pipes)
    }

    private static func handle(_ output: Output) throws -> Any? {
        switch output {
        case .inherited: return nil
        case .discarded: return FileHandle.nullDevice
        case .pipe: return Pipe()
        case .file(let path):
            // O_APPEND: both streams may share the file without writing over each other.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }
}
