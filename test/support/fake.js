'use strict';
/** The fake service for a test file (started before its tests, stopped after), and its client. */
const { startFakeService } = require('../../harness/fake-service/server');

function useFakeService(options) {
	const ref = {};
	beforeAll(async () => {
		ref.svc = await startFakeService(options);
	});
	afterAll(async () => {
		await ref.svc.stop();
	});
	beforeEach(() => ref.svc?.faults.clear());
	return ref;
}

module.exports = { useFakeService, ...require('../../harness/fake-service/client') };
