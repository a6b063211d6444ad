// A visible window with no root yet (misuse reported) and a navigator for it.
let window = Window(misusePolicy: .report)
window.makeKeyAndVisible()
let navigator = Navigator(window: window)
