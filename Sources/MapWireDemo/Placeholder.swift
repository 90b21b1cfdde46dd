// Placeholder until the module lands.
import Foundation
public enum DemoData { public static func write(to directory: URL) throws -> URL { fatalError("demo not yet built") } }
