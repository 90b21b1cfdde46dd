import Foundation
import Testing
@testable import MapWireStyle

/// Parses JSON text the way the renderer receives style JSON.
func json(_ text: String) -> Any {
    try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
