import Navigator

/// A recorder's inputs, kept small: one byte stream, the input's kind and its small fields
/// (flags, paths, durations, indices) as bytes, its routes and texts once each in tables.
///
/// A hosted session that records keeps up to its bound of inputs for as long as it lives; as
/// values, an input with a route or a URL would take about 90 to 140 bytes (an enum slot, a
/// box, the text's storage), here a back tap takes 3 bytes, a deep link to a URL seen before 3, and
/// a new URL its UTF-8 bytes and 4 more (texts share one buffer rather than each being a
/// string of its own, about 100 bytes with its table slot).
/// Inputs whose payload is a state, a snapshot, a list of routes, a flow, a presentation
/// style or a screen named by a registered type or scene (rarer) are kept as values in a
/// table.
struct CompactInputs {
  /// The inputs, one after another.
  private var bytes: [UInt8] = []
  /// The routes the inputs name, each once.
  private var routes: [AnyRoute] = []
  /// The texts the inputs name (URLs, flow tags, reasons), each once, as UTF-8 one after
  /// another.
  private var textBytes: [UInt8] = []
  /// Where each text ends in ``textBytes``.
  private var textEnds: [UInt32] = []
  /// Inputs kept whole: restorations, navigations to a state or to routes, flow runs and
  /// finishes, presentations, popovers, children, screens named by registered types or scenes,
  /// late protection answers, taps outside a popover on a given view, protected navigator
  /// calls, and calls with data or a container.
  private var whole: [RecordedInput] = []
  /// Where the last input starts in ``bytes``.
  private var lastStart = 0
  /// The index in ``routes`` of the route written last.
  private var lastRoute = 0
  /// The number of inputs.
  private(set) var count = 0

  /// The kinds of input, as their first byte.
  private enum Kind: UInt8 {
    case start, stop, open, navigateToRoute, whole, cancelFlow, push, pop, removeChild
    case tapBackButton, beginInteractivePop, updateInteractivePop, cancelInteractivePop, finishInteractivePop
    case beginInteractiveDismissal, cancelInteractiveDismissal, finishInteractiveDismissal, tapOutsidePopover
    case answerPopDecision, advance, runLoopTurn, finishTransitions, settle, unreplayable, dismiss
  }

  /// Forgets every input, keeping the storage.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    routes.removeAll()
    textBytes.removeAll()
    textEnds.removeAll()
    whole.removeAll()
    lastStart = 0
    lastRoute = 0
    count = 0
  }

  /// Appends an input.
  mutating func append(_ input: RecordedInput) {
    lastStart = bytes.count
    count += 1
    write(input)
  }

  /// Replaces the last input.
  mutating func replaceLast(with input: RecordedInput) {
    guard count > 0 else { return }
    bytes.removeSubrange(lastStart...)
    write(input)
  }

  /// Replaces the last input with one kept whole, which ``replaceWhole(_:with:)`` can
  /// replace later.
  ///
  /// - Returns: Its index among the inputs kept whole.
  mutating func replaceLastKeepingWhole(with input: RecordedInput) -> Int {
    precondition(count > 0, "No input to replace.")
    bytes.removeSubrange(lastStart...)
    put(.whole)
    putNumber(whole.count)
    whole.append(input)
    return whole.count - 1
  }

  /// Inserts `input` before the last input.
  mutating func insertBeforeLast(_ input: RecordedInput) {
    precondition(count > 0, "No input to insert before.")
    let last = bytes[lastStart...]
    bytes.removeSubrange(lastStart...)
    write(input)
    lastStart = bytes.count
    bytes.append(contentsOf: last)
    count += 1
  }

  /// Replaces the input kept whole at `index` (from ``replaceLastKeepingWhole(with:)``).
  mutating func replaceWhole(_ index: Int, with input: RecordedInput) {
    guard whole.indices.contains(index) else { return }
    whole[index] = input
  }

  /// The inputs, oldest first.
  var inputs: [RecordedInput] {
    var reader = Reader(bytes: bytes)
    var result: [RecordedInput] = []
    result.reserveCapacity(count)
    while !reader.isAtEnd { result.append(read(&reader)) }
    return result
  }

  // MARK: Writing

  private mutating func write(_ input: RecordedInput) {
    switch input {
    case .start: put(.start)
    case .stop: put(.stop)
    case .open(let url, let animated):
      put(.open, animated)
      put(text: url)
    case .navigateToRoute(let route, let animated):
      put(.navigateToRoute, animated)
      put(route: route)
    case .navigateToRoutes, .restore, .runFlow, .navigate, .presentModal, .finishFlow, .runChildFlow, .clock,
      .pushScreen, .presentModalScreen, .popover, .addChild, .removeChildScreen, .answerProtection,
      .tapOutsidePopoverOnView, .protected, .withOptions:
      put(.whole)
      putNumber(whole.count)
      whole.append(input)
    case .cancelFlow(let path, let removingScreens, let animated):
      put(.cancelFlow, animated, removingScreens)
      putNumber(path.count)
      for index in path { putNumber(index) }
    case .push(let route, let origin, let animated):
      put(.push, animated, origin != nil)
      put(route: route)
      if let origin { put(path: origin) }
    case .pop(let origin, let animated):
      put(.pop, animated, origin != nil)
      if let origin { put(path: origin) }
    case .dismiss(let origin, let animated):
      put(.dismiss, animated, origin != nil)
      if let origin { put(path: origin) }
    case .removeChild(let path, let animated):
      put(.removeChild, animated)
      put(path: path)
    case .tapBackButton(let path): put(.tapBackButton, path)
    case .beginInteractivePop(let path): put(.beginInteractivePop, path)
    case .updateInteractivePop(let path, let progress):
      put(.updateInteractivePop, path)
      putNumber(Int(truncatingIfNeeded: progress.bitPattern))
    case .cancelInteractivePop(let path): put(.cancelInteractivePop, path)
    case .finishInteractivePop(let path): put(.finishInteractivePop, path)
    case .beginInteractiveDismissal(let path): put(.beginInteractiveDismissal, path)
    case .cancelInteractiveDismissal(let path): put(.cancelInteractiveDismissal, path)
    case .finishInteractiveDismissal(let path): put(.finishInteractiveDismissal, path)
    case .tapOutsidePopover: put(.tapOutsidePopover)
    case .answerPopDecision(let path, let allowed):
      put(.answerPopDecision, allowed)
      put(path: path)
    case .advance(let duration):
      put(.advance)
      putNumber(Int(duration.components.seconds))
      putNumber(Int(duration.components.attoseconds))
    case .runLoopTurn: put(.runLoopTurn)
    case .finishTransitions: put(.finishTransitions)
    case .settle(let limit):
      put(.settle)
      putNumber(limit)
    case .unreplayable(let reason):
      put(.unreplayable)
      put(text: reason)
    }
  }

  /// The kind's byte, with two flags in its high bits.
  private mutating func put(_ kind: Kind, _ first: Bool = false, _ second: Bool = false) {
    bytes.append(kind.rawValue | (first ? 0x80 : 0) | (second ? 0x40 : 0))
  }

  /// The kind's byte, then a path.
  private mutating func put(_ kind: Kind, _ path: StatePath) {
    put(kind)
    put(path: path)
  }

  /// A number from 0 as a variable-length quantity: 7 bits a byte, low bits first.
  private mutating func putNumber(_ number: Int) {
    var value = UInt64(bitPattern: Int64(number))
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// A path: its length, then each component as a number (entry 3i, child 3i + 1, presented 2).
  private mutating func put(path: StatePath) {
    putNumber(path.components.count)
    for component in path.components {
      switch component {
      case .entry(let index): putNumber(index * 3)
      case .child(let index): putNumber(index * 3 + 1)
      case .presented: putNumber(2)
      }
    }
  }

  /// A route, by its index in the table of routes.
  private mutating func put(route: AnyRoute) {
    // The route written last first: a session pushes and presents the same few routes.
    if lastRoute < routes.count, routes[lastRoute] == route { return putNumber(lastRoute) }
    if let index = routes.firstIndex(of: route) {
      lastRoute = index
      return putNumber(index)
    }
    lastRoute = routes.count
    putNumber(routes.count)
    routes.append(route)
  }

  /// A text, by its index in the table of texts.
  private mutating func put(text: String) {
    let utf8 = text.utf8
    var start = 0
    for (index, end) in textEnds.enumerated() {
      let end = Int(end)
      if end - start == utf8.count, textBytes[start..<end].elementsEqual(utf8) { return putNumber(index) }
      start = end
    }
    putNumber(textEnds.count)
    // Grown by a quarter rather than doubled: a full log's texts are most of its bytes, and a
    // hosted session keeps them for its life.
    let needed = textBytes.count + utf8.count
    if needed > textBytes.capacity {
      textBytes.reserveCapacity(max(needed, textBytes.count + textBytes.count / 4))
    }
    textBytes.append(contentsOf: utf8)
    textEnds.append(UInt32(textBytes.count))
  }

  /// The text at `index` in the table of texts.
  private func text(_ index: Int) -> String {
    let start = index == 0 ? 0 : Int(textEnds[index - 1])
    return String(decoding: textBytes[start..<Int(textEnds[index])], as: UTF8.self)
  }

  // MARK: Reading

  /// Reads the bytes ``write(_:)`` wrote.
  private struct Reader {
    let bytes: [UInt8]
    var offset = 0
    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func number() -> Int {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let next = byte()
        value |= UInt64(next & 0x7F) << shift
        if next < 0x80 { return Int(Int64(bitPattern: value)) }
        shift += 7
      }
    }

    mutating func path() -> StatePath {
      StatePath(
        (0..<number()).map { _ in
          let code = number()
          switch code % 3 {
          case 0: return .entry(code / 3)
          case 1: return .child(code / 3)
          default: return .presented
          }
        })
    }
  }

  private func read(_ reader: inout Reader) -> RecordedInput {
    let first = reader.byte()
    let (flag, second) = (first & 0x80 != 0, first & 0x40 != 0)
    switch Kind(rawValue: first & 0x3F)! {
    case .start: return .start
    case .stop: return .stop
    case .open: return .open(url: text(reader.number()), animated: flag)
    case .navigateToRoute: return .navigateToRoute(routes[reader.number()], animated: flag)
    case .whole: return whole[reader.number()]
    case .cancelFlow:
      let path = (0..<reader.number()).map { _ in reader.number() }
      return .cancelFlow(at: path, removingScreens: second, animated: flag)
    case .push:
      let route = routes[reader.number()]
      return .push(route, from: second ? reader.path() : nil, animated: flag)
    case .pop: return .pop(from: second ? reader.path() : nil, animated: flag)
    case .dismiss: return .dismiss(from: second ? reader.path() : nil, animated: flag)
    case .removeChild: return .removeChild(at: reader.path(), animated: flag)
    case .tapBackButton: return .tapBackButton(reader.path())
    case .beginInteractivePop: return .beginInteractivePop(reader.path())
    case .updateInteractivePop:
      let path = reader.path()
      return .updateInteractivePop(
        path, progress: Double(bitPattern: UInt64(bitPattern: Int64(reader.number()))))
    case .cancelInteractivePop: return .cancelInteractivePop(reader.path())
    case .finishInteractivePop: return .finishInteractivePop(reader.path())
    case .beginInteractiveDismissal: return .beginInteractiveDismissal(reader.path())
    case .cancelInteractiveDismissal: return .cancelInteractiveDismissal(reader.path())
    case .finishInteractiveDismissal: return .finishInteractiveDismissal(reader.path())
    case .tapOutsidePopover: return .tapOutsidePopover
    case .answerPopDecision: return .answerPopDecision(at: reader.path(), allowed: flag)
    case .advance:
      let seconds = Int64(reader.number())
      return .advance(Duration(secondsComponent: seconds, attosecondsComponent: Int64(reader.number())))
    case .runLoopTurn: return .runLoopTurn
    case .finishTransitions: return .finishTransitions
    case .settle: return .settle(limit: reader.number())
    case .unreplayable: return .unreplayable(text(reader.number()))
    }
  }
}
