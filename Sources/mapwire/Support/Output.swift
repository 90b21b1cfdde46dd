import Foundation

/// Writes whole lines straight to standard output, unbuffered, so a pipe sees each event at once.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
