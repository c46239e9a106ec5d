'use strict';
/** n8n's binary data service, as the engine stores and reads a node's files in tests. */
const { BinaryDataService } = require('n8n-core');
// n8n-core's own copy of the DI container holds its services
const { Container } = require(require.resolve('@n8n/di', { paths: [require.resolve('n8n-core')] }));

/**
 * Binary data as n8n keeps it by default in regular mode: on disk (filesystem mode), under the
 * test run's user folder (N8N_BINARY_DATA_STORAGE_PATH, set in harness/n8n-env.js).
 */
let binaryDataReady;
function binaryDataService() {
	binaryDataReady ??= (async () => {
		const service = Container.get(BinaryDataService);
		await service.init();
		return service;
	})();
	return binaryDataReady;
}

/** The bytes of an output binary, wherever n8n stored them. */
async function readBinary(binary) {
	return await (await binaryDataService()).getAsBuffer(binary);
}

/**
 * Stores a file as n8n's binary data service does for a node's output (filesystem mode by
 * default): returns the binary's description, with its `id`, as n8n hands it to the next node.
 */
async function storeBinary(buffer, { mimeType, fileName }) {
	const location = { type: 'execution', workflowId: 'test', executionId: 'test-execution' };
	return await (await binaryDataService()).store(location, buffer, { mimeType, fileName });
}

module.exports = { binaryDataService, readBinary, storeBinary, BinaryDataService };
