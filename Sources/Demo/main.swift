print("tether-demo: the tour arrives with the docs issue")
