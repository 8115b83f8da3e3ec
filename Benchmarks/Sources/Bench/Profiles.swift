// `--profile-NAME`: one workload in a loop for a profiler (perf, valgrind); prints the checksum.

func runProfile(_ name: String) {
    switch name {
    case "w1":
        var total = 0
        for _ in 0..<20 { total &+= w1Toolkit(1_000_000) }
        print(total)
    case "w2":
        print(w2Toolkit(3_000_000))
    case "w4":
        print(w4Toolkit(1_000_000))
    case "w4b":
        let order = shuffledOrder(10_000)
        var total = 0
        for _ in 0..<30 { total &+= w4bToolkit(10_000, order: order) }
        print(total)
    case "w8":
        print(w8Toolkit(3_000_000, middlewares: 3))
    default:
        print("unknown profile \(name)")
    }
}
