import Navigator
import Synchronization
import Testing

/// The scene catalogue and its three errors (behaviour reference, "Scene catalogues").
@Suite struct StoryboardTests {
  @Test func scenesAreInstantiatedByIdentifierTypedOrNot() throws {
    let plain = try mainStoryboard.instantiateViewController(withIdentifier: "receipt")
    #expect(plain is Receipt)
    let typed: CardForm = try mainStoryboard.instantiateViewController(
      withIdentifier: "card", as: CardForm.self)
    #expect(typed.card == nil)
    #expect(try mainStoryboard.instantiateInitialViewController() is CardForm)
    #expect(try mainStoryboard.instantiateInitialViewController(as: CardForm.self).isViewLoaded == false)
    #expect(mainStoryboard.identifiers == ["card", "receipt"])
  }

  @Test func anUnknownIdentifierNamesTheCatalogueAndTheIdentifier() {
    #expect {
      try mainStoryboard.instantiateViewController(withIdentifier: "settings")
    } throws: { error in
      let error = error as? NavigationError
      return error?.code == .sceneNotFound
        && error?.message
          == "Storyboard \"Main\" doesn't contain a view controller with identifier \"settings\"."
    }
  }

  @Test func aMissingInitialSceneNamesTheCatalogue() {
    let catalogue = Storyboard(name: "Settings", scenes: [])
    #expect {
      try catalogue.instantiateInitialViewController()
    } throws: { error in
      let error = error as? NavigationError
      return error?.code == .noInitialScene
        && error?.message
          == "Storyboard \"Settings\" has no initial scene: set one, or instantiate a scene by its identifier."
    }
  }

  @Test func aWrongTypeNamesBothTypesAndCreatesNoScreen() {
    let made = SendableCounter()
    let catalogue = Storyboard(
      name: "Checkout",
      scenes: [
        Storyboard.Scene("receipt") { () -> Receipt in
          made.hit()
          return Receipt()
        }
      ])
    #expect {
      try catalogue.instantiateViewController(withIdentifier: "receipt", as: CardForm.self)
    } throws: { error in
      let error = error as? NavigationError
      return error?.code == .sceneTypeMismatch
        && error?.message
          == "Scene \"receipt\" of storyboard \"Checkout\" makes a Receipt, not the CardForm the caller asked for."
    }
    #expect(made.count == 0)
  }
}

/// Counts calls from `@Sendable` factories.
final class SendableCounter: Sendable {
  private let value = Mutex(0)
  var count: Int { value.withLock { $0 } }
  func hit() { value.withLock { $0 += 1 } }
}
