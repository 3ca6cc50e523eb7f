// The `livery` tool: replaced by the real command set.
print("livery")
