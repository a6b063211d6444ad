// A card to pass, a bar button item to anchor a popover at, a dashboard to add children to.
let card = PaymentCard(last4: "4242")
let scanButton = BarButtonItem(title: "Scan")
let dashboard = Dashboard()
