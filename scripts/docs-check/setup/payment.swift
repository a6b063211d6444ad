// A card, and a checkout (also `flow`) whose pay button pushes the card form with it.
let card = PaymentCard(last4: "4242")
let checkout = Checkout(navigator: navigator, card: card)
let flow = checkout
