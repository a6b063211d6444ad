extension SessionState {
  /// The state's JSON text in UTF-8, written directly: the bytes that ``JSONValueEncoder``
  /// and ``JSONValue/text`` make of it (keys sorted, absent values left out), without the
  /// tree of values between.
  ///
  /// Every open answers a state: with the encoder and the tree, the answer would take about
  /// 11 % of the server's CPU in the load test's `open` (`perf`, release build).
  var jsonUTF8: [UInt8] {
    var writer = JSONTextWriter(capacity: 1024)
    write(to: &writer)
    return writer.bytes
  }

  /// Appends the state's JSON text: `account`, `flows`, `id`, `pending`, `root`.
  func write(to writer: inout JSONTextWriter) {
    writer.raw("{")
    if let account {
      writer.raw(#""account":"#)
      writer.write(account)
      writer.raw(",")
    }
    writer.raw(#""flows":"#)
    writer.array(flows) { writer, flow in flow.write(to: &writer) }
    writer.raw(#","id":"#)
    writer.write(id)
    writer.raw(#","pending":"#)
    writer.array(pending) { writer, item in writer.write(item) }
    if let root {
      writer.raw(#","root":"#)
      root.write(to: &writer)
    }
    writer.raw("}")
  }
}

extension ScreenNode {
  /// Appends the node's JSON text: `children`, `presents`, `route`, `screen`, `stack`.
  func write(to writer: inout JSONTextWriter) {
    writer.raw("{")
    if let children {
      writer.raw(#""children":"#)
      writer.array(children) { writer, node in node.write(to: &writer) }
      writer.raw(",")
    }
    if let presents {
      writer.raw(#""presents":{"embeddedInNavigationController":"#)
      presents.embeddedInNavigationController ? writer.raw("true") : writer.raw("false")
      writer.raw(#","screen":"#)
      presents.screen.write(to: &writer)
      writer.raw(#","style":"#)
      writer.write(presents.style)
      writer.raw("},")
    }
    if let route {
      writer.raw(#""route":{"name":"#)
      writer.write(route.name)
      writer.raw(#","parameters":"#)
      writer.write(.object(route.parameters))
      if let url = route.url {
        writer.raw(#","url":"#)
        writer.write(url)
      }
      writer.raw("},")
    }
    writer.raw(#""screen":"#)
    writer.write(screen)
    if let stack {
      writer.raw(#","stack":"#)
      writer.array(stack) { writer, node in node.write(to: &writer) }
    }
    writer.raw("}")
  }
}

extension FlowNode {
  /// Appends the flow's JSON text: `children`, `firstScreen`, `name`, `state`.
  func write(to writer: inout JSONTextWriter) {
    writer.raw(#"{"children":"#)
    writer.array(children) { writer, child in child.write(to: &writer) }
    writer.raw(",")
    if let firstScreen {
      writer.raw(#""firstScreen":"#)
      writer.write(firstScreen)
      writer.raw(",")
    }
    writer.raw(#""name":"#)
    writer.write(name)
    writer.raw(#","state":"#)
    writer.write(state)
    writer.raw("}")
  }
}
