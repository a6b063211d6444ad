/// The children a navigator added from a catalogue's scenes, so that a removal can name
/// them by their scene.
///
/// Holds its screens weakly and forgets those that left their container.
struct SceneChildren {
  private struct Entry {
    weak var shown: ViewController?
    weak var screen: ViewController?
    let storyboard: String
    let identifier: String
  }

  private var entries: [Entry] = []

  /// Remembers a child added from a scene: `screen`, shown as `shown` (itself, or the
  /// container it was embedded in).
  mutating func remember<Screen>(
    _ screen: Screen, shownAs shown: ViewController, madeBy destination: Destination<Screen>
  ) {
    guard case .scene(let storyboard, let identifier) = destination.source,
      let identifier = identifier ?? storyboard.initialSceneIdentifier
    else { return }
    prune()
    entries.append(Entry(shown: shown, screen: screen, storyboard: storyboard.name, identifier: identifier))
  }

  /// Forgets a child that left its container.
  mutating func forget(_ shown: ViewController) {
    entries.removeAll { $0.shown === shown }
    prune()
  }

  /// The last child of `container` made from the scene, as a `Screen`, and the child the
  /// container holds for it.
  func last<Screen>(in container: ViewController, storyboard: String, identifier: String)
    -> (child: Screen, shown: ViewController)?
  {
    for entry in entries.reversed() where entry.storyboard == storyboard && entry.identifier == identifier {
      guard let shown = entry.shown, shown.parent === container, let screen = entry.screen as? Screen else {
        continue
      }
      return (screen, shown)
    }
    return nil
  }

  private mutating func prune() {
    entries.removeAll { $0.shown?.parent == nil }
  }
}
