/// The container a navigation wraps its screen in before showing it.
///
/// ```swift
/// navigator.presentModal(.type(Settings.self), options: .init().embedded(in: .navigationController))
/// navigator.presentModal(.type(Chart.self), options: .init().embedded(in: .container { Card(content: $0) }))
/// ```
public struct Embedding {
  let name: String
  let make: (ViewController) -> ViewController

  /// A new ``NavigationController`` whose root is the screen.
  public static var navigationController: Embedding {
    Embedding(name: "NavigationController") { NavigationController(rootViewController: $0) }
  }

  /// A container of the caller's: the factory receives the screen and returns the
  /// container that holds it (as a child, with `didMove(toParent:)` called).
  ///
  /// - Parameters:
  ///   - name: How recorded requests name the container.
  ///   - make: Makes the container around the screen.
  /// - Returns: An embedding.
  public static func container(
    named name: String = "container", _ make: @escaping (ViewController) -> ViewController
  ) -> Embedding {
    Embedding(name: name, make: make)
  }
}
