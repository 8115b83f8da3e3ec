import StreamCore

print("ReactiveToolkit demo")
