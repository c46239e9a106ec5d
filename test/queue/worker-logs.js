'use strict';
/** What the workers' logs tell the queue suite: the executions each ran, the jobs it created. */

/** The executions a worker ran, from its log ("Worker started execution 12 (job 7)"). */
function executionsRunBy(worker) {
	return [...worker.log().matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
}

/** Which of these workers ran each execution, from their logs: execution id -> worker names. */
function workersOf(workers, executionIds) {
	const map = new Map(executionIds.map((id) => [String(id), []]));
	for (const worker of workers) {
		for (const id of executionsRunBy(worker)) map.get(id)?.push(worker.name);
	}
	return map;
}

/**
 * The job ids a worker's log holds, from the node's line for each job it created:
 * `Media Generation: created <kind> job <id> for item <i> of node "<name>" (…, execution <id>)`.
 */
function createdJobsIn(log) {
	const re =
		/Media Generation: created (\w+) job ([0-9a-f-]{36}) for item (\d+) of node "([^"]+)" \(([^,]+), execution (\d+)\)/g;
	return [...log.matchAll(re)].map((m) => ({
		kind: m[1],
		jobId: m[2],
		itemIndex: Number(m[3]),
		node: m[4],
		operation: m[5],
		executionId: m[6],
	}));
}

module.exports = { executionsRunBy, workersOf, createdJobsIn };
