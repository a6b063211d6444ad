/// A screen that receives typed data from whoever navigates to it.
///
/// A `Navigator` delivers the data given with ``NavigationOptions/passing(_:)`` after the
/// screen's view loaded and before the configure closure runs, so configuration can rely on
/// it.
///
/// ```swift
/// final class CardForm: ViewController, DataReceiving {
///   var card: Card?
///   func receive(_ data: Card) { card = data }
/// }
/// navigator.push(.type(CardForm.self), options: .init().passing(card))
/// ```
public protocol DataReceiving: ViewController {
  /// The type of the data the screen receives.
  associatedtype ReceivedData

  /// Receives the data, once, before configuration.
  ///
  /// - Parameter data: The data passed by the navigation.
  func receive(_ data: ReceivedData)
}
