import Foundation
import MapWireProcess

/// HTTP load from `wrk` (Debian's package): `connections` threads with one connection each, every
/// request for a different path from a list. Cold: each path asked for once (each thread stops after
/// its share, then wrk is interrupted); warm: the list again and again for `seconds`. The Lua script
/// reports what the Swift side reads: answered, failed, the time from the first request to the last
/// answer, and wrk's own latency percentiles (`--latency`).
struct WrkLoad {
    struct Result {
        var perSecond: Double
        var p50: Double
        var p99: Double
        var answered: Int
        var failed: Int
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    let executable: URL
    let scratch: URL
    let connections: Int

    /// wrk on the PATH, or nil (the bench then says why its rows are missing).
    static func find() -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("wrk")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Every path once, spread over the connections; the result's rate is answers over the time they took.
    func once(host: String = "127.0.0.1", port: Int, paths: [String], name: String) throws -> Result {
        try run(host: host, port: port, paths: paths, name: name, mode: "once", seconds: 600)
    }

    /// The paths over and over for `seconds`.
    func repeating(host: String = "127.0.0.1", port: Int, paths: [String], name: String, seconds: Int) throws -> Result {
        try run(host: host, port: port, paths: paths, name: name, mode: "repeat", seconds: seconds)
    }

    private func run(host: String, port: Int, paths: [String], name: String, mode: String, seconds: Int) throws -> Result {
        let folder = scratch.appendingPathComponent("wrk-\(name)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("spread.lua")
        let list = folder.appendingPathComponent("paths.txt")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        try paths.joined(separator: "\n").appending("\n").write(to: list, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("wrk.out")
        let threads = max(1, min(connections, paths.count))
        let wrk = try ChildProcess(name: "wrk", executable: executable,
                                   arguments: ["-t", "\(threads)", "-c", "\(threads)", "-d", "\(seconds)s", "--timeout", "60s", "--latency",
                                               "-s", script.path, "http://\(host):\(port)", "--", list.path, "\(threads)", mode, folder.path],
                                   standardOutput: .file(output.path), standardError: .file(output.path))
        defer { wrk.stop(grace: 5) }
        if mode == "once" {
            // Each thread leaves a mark when its share is answered; wrk then stops at SIGINT instead of
            // sleeping out its duration, and prints its report.
            let deadline = Date().addingTimeInterval(Double(seconds))
            while wrk.isRunning, Date() < deadline {
                let marks = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("done-") }.count) ?? 0
                if marks >= threads { break }
                usleep(20_000)
            }
            wrk.signal(SIGINT)
        }
        guard wrk.waitForExit(timeout: Double(seconds) + 30) else { throw Failure(description: "wrk did not finish (\(output.path))") }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("MAPWIRE ") }),
              let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(8).utf8)) as? [String: Any],
              let answered = object["answered"] as? Int, let failed = object["failed"] as? Int,
              let elapsed = object["seconds"] as? Double, let p50 = object["p50_us"] as? Double, let p99 = object["p99_us"] as? Double else {
            throw Failure(description: "wrk printed no result: \(text.suffix(400))")
        }
        return Result(perSecond: elapsed > 0 ? Double(answered - failed) / elapsed : 0, p50: p50 / 1000, p99: p99 / 1000,
                      answered: answered, failed: failed)
    }

    /// Thread t of T asks for paths t, t+T, t+2T, … (so no two requests of a pass share a path). wrk's
    /// LuaJIT reads the monotonic clock through its FFI: wrk's own rate divides by its whole duration.
    static let script = #"""
    local ffi = require("ffi")
    ffi.cdef[[
    typedef struct { long tv_sec; long tv_nsec; } mapwire_timespec;
    int clock_gettime(int clock, mapwire_timespec *ts);
    ]]
    local function now()
      local t = ffi.new("mapwire_timespec")
      ffi.C.clock_gettime(1, t)
      return tonumber(t.tv_sec) + tonumber(t.tv_nsec) / 1e9
    end

    local threads = {}
    local counter = 0
    function setup(thread)
      thread:set("id", counter)
      counter = counter + 1
      table.insert(threads, thread)
    end

    function init(args)
      paths = {}
      for line in io.lines(args[1]) do paths[#paths + 1] = line end
      stride = tonumber(args[2])
      once = args[3] == "once"
      folder = args[4]
      index = id
      share = 0
      for i = id, #paths - 1, stride do share = share + 1 end
      answered = 0
      failed = 0
      first = now()
      last = first
    end

    function request()
      local path = paths[(index % #paths) + 1]
      index = index + stride
      return wrk.format("GET", path)
    end

    function response(status, headers, body)
      answered = answered + 1
      if status ~= 200 then failed = failed + 1 end
      last = now()
      if once and answered >= share then
        local mark = io.open(folder .. "/done-" .. id, "w")
        if mark then mark:close() end
        wrk.thread:stop()
      end
    end

    function done(summary, latency, requests)
      local first, last, answered, failed = math.huge, 0, 0, 0
      for _, thread in ipairs(threads) do
        first = math.min(first, thread:get("first"))
        last = math.max(last, thread:get("last"))
        answered = answered + thread:get("answered")
        failed = failed + thread:get("failed")
      end
      io.write(string.format('MAPWIRE {"answered": %d, "failed": %d, "seconds": %.6f, "p50_us": %d, "p99_us": %d}\n',
        answered, failed, last - first, latency:percentile(50), latency:percentile(99)))
    end
    """#
}
