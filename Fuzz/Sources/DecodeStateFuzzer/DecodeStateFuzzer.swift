// A libFuzzer target: saved states are fed back in by users, so decoding any bytes must
// either fail with an error or give a state that survives a round trip and can be drawn.
// A trap (a crash, a sanitizer report, or a failed check below) is a finding.

import Foundation
import Navigator

/// libFuzzer's entry point: decodes `NavigationState<String>` (and `StatePath`) from the bytes.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let state = try? JSONDecoder().decode(NavigationState<String>.self, from: bytes) {
    check(state)
  }
  if let path = try? JSONDecoder().decode(StatePath.self, from: bytes) {
    let again = roundTrip(path)
    require(again == path, "a path changed in a round trip: \(path) became \(again)")
  }
  return 0
}

/// Checks that a decoded state encodes, decodes to itself, and draws one line per screen.
private func check(_ state: NavigationState<String>) {
  let again = roundTrip(state)
  require(again == state, "a state changed in a round trip:\n\(state)\nbecame\n\(again)")
  require(again.hashValue == state.hashValue, "equal states hash differently:\n\(state)")

  // Escaping must keep every screen on its own line, whatever its key holds.
  let screens = state.screenCount
  let presentations = presentationCount(state.root)
  let textLines = lineCount(state.description)
  require(
    textLines == (state.root == nil ? 1 : screens + presentations),
    "the text tree has \(textLines) lines for \(screens) screens and \(presentations) presentations:\n\(state)"
  )
  let mermaidLines = lineCount(state.mermaid)
  require(
    mermaidLines == 1 + max(screens, 1) + (presentations > 0 ? 1 : 0),
    "the flowchart has \(mermaidLines) lines for \(screens) screens:\n\(state.mermaid)")
  let dotLines = lineCount(state.dot)
  require(
    dotLines == 3 + (screens == 0 ? 1 : 2 * screens - 1),
    "the digraph has \(dotLines) lines for \(screens) screens:\n\(state.dot)")
}

/// The number of lines of a picture: its line feeds plus one. Any other character that breaks
/// a line (a carriage return, a vertical tab, a form feed, the next-line, line and paragraph
/// separators) is a finding: the pictures write them as escapes.
private func lineCount(_ picture: String) -> Int {
  var lines = 1
  for scalar in picture.unicodeScalars {
    switch scalar.value {
    case 0x0A: lines += 1
    case 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
      fatalError(
        "a picture holds U+\(String(scalar.value, radix: 16, uppercase: true)) unescaped:\n\(picture)")
    default: break
    }
  }
  return lines
}

/// The number of presentations in a subtree.
private func presentationCount(_ node: NavigationState<String>.Node?) -> Int {
  guard let node else { return 0 }
  let presented = node.presentation.map { 1 + presentationCount($0.screen) } ?? 0
  return node.contained.reduce(presented) { $0 + presentationCount($1) }
}

/// `value` encoded and decoded again; a failure of either is a finding.
private func roundTrip<Value: Codable>(_ value: Value) -> Value {
  let data: Data
  do {
    data = try JSONEncoder().encode(value)
  } catch {
    fatalError("a decoded value failed to encode: \(error)\n\(value)")
  }
  do {
    return try JSONDecoder().decode(Value.self, from: data)
  } catch {
    fatalError("an encoded value failed to decode: \(error)\n\(String(decoding: data, as: UTF8.self))")
  }
}

/// Traps with `message` when `condition` is false.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
