print("xmlbind")
