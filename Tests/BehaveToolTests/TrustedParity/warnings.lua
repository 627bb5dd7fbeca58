-- warnings are off until "@on", then written on stderr as the stock interpreter writes them
warn("not shown")
warn("@on")
warn("first ", "warning")
print("between")
warn("@off")
warn("hidden")
warn("@on")
warn("@unknown control is ignored")
