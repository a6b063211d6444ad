import Navigator

extension Sequence where Element: ViewController {
  /// The screens' identifiers, in order: screens compare by identity.
  var ids: [ScreenID] { map(\.screenID) }
}

extension Optional where Wrapped: Sequence, Wrapped.Element: ViewController {
  /// The screens' identifiers, or `nil`.
  var ids: [ScreenID]? { map { $0.map(\.screenID) } }
}
