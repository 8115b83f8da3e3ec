// Rows added by other workload files (W8L store with a large state, W11 observation
// invalidation): append them here so that the report, results.json and the CI gate include them.

var extraCountedWorkloads: [CountedWorkload] { [] }
