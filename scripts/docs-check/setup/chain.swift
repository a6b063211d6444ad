// An attachment to present full screen, and a share sheet.
let attachment = Attachment()
attachment.modalPresentationStyle = .fullScreen
let share = Share()
