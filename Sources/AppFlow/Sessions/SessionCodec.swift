/// How a ``SessionHost`` turns a session into bytes and back.
///
/// Both closures run inside the session's isolation domain, with its app controller:
/// `snapshot` when the host saves or evicts the session, `restore` on a new app
/// controller (made and started) when the host brings an evicted session back.
///
/// ```swift
/// let codec = SessionCodec(
///   snapshot: { app in try Array(JSONEncoder().encode(app.window.navigationState(keyedBy: Page.self))) },
///   restore: { app, bytes in
///     try app.navigator.tryNavigate(to: JSONDecoder().decode(NavigationState<Page>.self, from: Data(bytes)))
///   })
/// ```
public struct SessionCodec: Sendable {
  /// Turns a session's app controller into bytes.
  public let snapshot: @Sendable (AppController) throws -> [UInt8]
  /// Brings a new, started app controller to the state that bytes describe; on failure it
  /// leaves the app controller usable (at its root) and throws.
  public let restore: @Sendable (AppController, [UInt8]) throws -> Void

  /// Creates a codec.
  ///
  /// - Parameters:
  ///   - snapshot: Turns a session's app controller into bytes.
  ///   - restore: Brings a new, started app controller to the state the bytes describe,
  ///     or throws, leaving it usable.
  public init(
    snapshot: @escaping @Sendable (AppController) throws -> [UInt8],
    restore: @escaping @Sendable (AppController, [UInt8]) throws -> Void
  ) {
    self.snapshot = snapshot
    self.restore = restore
  }
}

extension SessionCodec {
  /// The codec of navigation snapshots: ``AppController/encodeSnapshot()`` to save, and
  /// ``AppController/restore(_:delegate:animated:completion:)-(Collection<UInt8>,_,_,_)``
  /// to bring the session back, through the same checks and protections as any navigation.
  ///
  /// A restoration that waits (for a protection that answers later) goes on after the
  /// host's call returns; one that is refused throws its ``RestorationError``, and the app
  /// controller stays at its root.
  ///
  /// - Parameter delegate: Makes the delegate that decides per screen, in the session's
  ///   isolation domain; every screen is restored when it returns `nil`.
  /// - Returns: The codec.
  public static func navigationSnapshots(
    delegate: @escaping @Sendable () -> (any StateRestorationDelegate)? = { nil }
  ) -> SessionCodec {
    SessionCodec(
      snapshot: { app in try app.encodeSnapshot() },
      restore: { app, bytes in
        var failure: RestorationError?
        app.restore(bytes, delegate: delegate()) { result in
          if case .failure(let error) = result { failure = error }
        }
        if let failure { throw failure }
      })
  }
}
