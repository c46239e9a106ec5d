'use strict';
/**
 * Readers of a run's data as n8n reports it: what `n8n execute` printed (`resultData` at the top)
 * or an execution read through the REST API (`data.resultData`).
 */

/** Every node's runs, by node name. */
function runData(data) {
	return data?.resultData?.runData ?? data?.data?.resultData?.runData;
}

/** The error of a failed run, as n8n reports it. */
function runError(data) {
	return data?.resultData?.error ?? data?.data?.resultData?.error;
}

/** The items a node output on its first run (main output 0 unless told), as n8n reports them. */
function nodeItems(data, nodeName, { connection = 'main', output = 0 } = {}) {
	const runs = runData(data)?.[nodeName];
	if (!runs) return undefined;
	return runs[0]?.data?.[connection]?.[output] ?? [];
}

/** The items a node output in an execution read with N8nRest.execution (first run, output 0). */
function itemsOf(execution, nodeName) {
	return nodeItems(execution, nodeName) ?? [];
}

/**
 * Which of n8n's binary data modes kept a binary of a run's output: 'default' for the in-memory
 * mode (the file inlined as base64, no id), else the mode its id names ('filesystem' for
 * `filesystem:` and `filesystem-v2:` ids, 'database', 's3'). A test that means one mode checks
 * it, so that an n8n that falls back to another mode (n8n 3.0 has no in-memory mode) fails it.
 */
function binaryModeOf(binary) {
	if (!binary?.id) return binary?.data ? 'default' : 'none';
	const mode = binary.id.split(':')[0];
	return mode.startsWith('filesystem') ? 'filesystem' : mode;
}

module.exports = { binaryModeOf, itemsOf, nodeItems, runData, runError };
