// A window under a manual scheduler showing a mail stack with the inbox, settled, the journal
// on and empty; a navigator for it.
let scheduler = ManualScheduler()
let window = Window(scheduler: .manual(scheduler), misusePolicy: .report)
let inbox = Inbox()
let mail = NavigationController(rootViewController: inbox)
window.rootViewController = mail
window.makeKeyAndVisible()
scheduler.settle()
window.journal.isEnabled = true
let navigator = Navigator(window: window)
let message = Message()
let thread = MailThread(id: 7)
let flip = Flip()
