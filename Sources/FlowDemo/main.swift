import Navigator

print("FlowDemo")
