import Navigator

extension [NavigationEvent] {
  /// The keep-alive cache's events, in order.
  var cacheEvents: [NavigationEvent] {
    filter { event in
      if case .note(let note) = event { note.kind.hasPrefix("cache") } else { false }
    }
  }

  /// The notes (the flows' and the cache's events), in order.
  var notes: [NavigationEvent] {
    filter { event in
      if case .note = event { true } else { false }
    }
  }
}
