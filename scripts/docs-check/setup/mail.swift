// A window (immediate scheduler, misuse reported) showing a mail stack with the inbox, the
// journal on; a navigator for it.
let window = Window(misusePolicy: .report)
let inbox = Inbox()
let mail = NavigationController(rootViewController: inbox)
window.rootViewController = mail
window.makeKeyAndVisible()
window.journal.isEnabled = true
let navigator = Navigator(window: window)
let message = Message()
let thread = MailThread(id: 7)
