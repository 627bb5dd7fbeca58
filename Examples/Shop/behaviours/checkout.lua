-- requires: Basket.add, Payments.checkout
Basket.add("tea", 2)
Basket.add("cake", 1)
emit("basket", {items = Basket.count()})
print(Basket.label("tea", 2, "green"))
print(Basket.reserve("tea", 2, "Lyon", true))
local total = Payments.discount("SPRING10")
local paid = Payments.checkout("4242424242424242")
emit("paid", paid)
return {items = Basket.count(), total = total, card = paid.card}
