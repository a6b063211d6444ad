/// The container a navigation wraps its screen in before showing it.
///
/// The container is built when the navigation is asked for, once the checks that do not
/// need it passed (while the window is busy, when the request joins the queue), and so
/// before the screen's data is delivered and before `configure` runs. `configure` then
/// receives a screen that is already the container's child: its `willMove(toParent:)` and
/// `didMove(toParent:)` were called, and its view is loaded if the factory loaded it (a
/// container that adds the child's view does). These calls happen before the screen joins
/// the window's journal, which does not record them. The container joins the window's
/// hierarchy only after `configure`, so `configure` still runs before any
/// `viewWillAppear(_:)`. A navigation refused after the container was built takes the
/// screen back out of it, without callbacks (its view stays loaded).
///
/// ```swift
/// navigator.presentModal(.type(Settings.self), options: .init().embedded(in: .navigationController))
/// navigator.presentModal(.type(Chart.self), options: .init().embedded(in: .container { Card(content: $0) }))
/// ```
public struct Embedding {
  let name: String
  /// A Boolean value indicating whether the container is known, before it is built, to be
  /// a navigation stack (which a push refuses).
  let makesNavigationStack: Bool
  let make: (ViewController) -> ViewController

  /// A new ``NavigationController`` whose root is the screen.
  public static var navigationController: Embedding {
    Embedding(name: "NavigationController", makesNavigationStack: true) {
      NavigationController(rootViewController: $0)
    }
  }

  /// A container of the caller's: the factory receives the screen and returns the
  /// container that holds it (as a child, with `didMove(toParent:)` called).
  ///
  /// The factory runs before the screen's data and `configure`, so `configure` sees the
  /// screen inside the container, its view loaded if the factory loaded it; see
  /// ``Embedding`` for the whole order.
  ///
  /// - Parameters:
  ///   - name: How recorded requests name the container.
  ///   - make: Makes the container around the screen.
  /// - Returns: An embedding.
  public static func container(
    named name: String = "container", _ make: @escaping (ViewController) -> ViewController
  ) -> Embedding {
    Embedding(name: name, makesNavigationStack: false, make: make)
  }
}
