print("before")
io.write("unflushed ")
os.exit(3)
