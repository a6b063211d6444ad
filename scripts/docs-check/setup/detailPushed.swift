// Under a manual scheduler, `detail` pushed onto `navigation` over `home`, and one run-loop turn
// delivered; the journal holds what that turn delivered.
let scheduler = ManualScheduler()
let window = Window(scheduler: .manual(scheduler), misusePolicy: .report)
window.journal.isEnabled = true
let home = Inbox()
let navigation = NavigationController(rootViewController: home)
let detail = Message()
window.rootViewController = navigation
window.makeKeyAndVisible()
scheduler.settle()
window.journal.removeAll()
navigation.pushViewController(detail, animated: true)
scheduler.runLoopTurn()
