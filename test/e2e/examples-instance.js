'use strict';
/**
 * The real n8n of examples.e2e.js: the CLI of the pinned n8n release with our package installed
 * from its packed tarball, the examples of examples/ and the suite's own workflows imported, the
 * fake service behind the credential. One instance for the whole suite: each start costs the
 * compatibility matrix an n8n start per release.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance } = require('../../harness/n8n-cli');
const { loadExamples, fakeServiceCredentials } = require('../../harness/examples');

const API_KEY = 'test-key-alice';

/**
 * Starts the fake service and n8n before the suite's tests and stops them after; `extra` holds
 * workflows to import beside the examples, by name. Returns the run: `svc` and `n8n` once started,
 * and `execute(name)` to run a workflow by its name.
 */
function useExamplesInstance(extra) {
	const ids = {};
	const run = {
		async execute(name, options) {
			const result = await run.n8n.execute(ids[name], options);
			if (process.env.E2E_DEBUG)
				console.log(result.code, result.stdout.slice(-3000), result.stderr.slice(-3000));
			// the key is stored encrypted; it must not come back in any output or log line
			expect(result.stdout).not.toContain(API_KEY);
			expect(result.stderr).not.toContain(API_KEY);
			return result;
		},
		fileOf: (item, field = 'data') => run.n8n.fileBytes(item.binary[field]),
		jobsOf: (kind) => [...run.svc.state.jobs.values()].filter((j) => j.kind === kind),
	};

	beforeAll(async () => {
		run.svc = await startFakeService({
			timing: { queueMs: 100, imageMs: 400, videoMs: 800, audioMs: 800 },
		});
		run.n8n = new N8nInstance().installPackage();
		await run.n8n.importCredentials(fakeServiceCredentials(run.svc, API_KEY, 'sk-e2e'));
		const all = { ...loadExamples(), ...extra };
		const names = Object.keys(all);
		(await run.n8n.importWorkflows(names.map((n) => all[n]))).forEach(
			(id, i) => (ids[names[i]] = id),
		);
	});

	afterAll(async () => {
		await run.n8n?.stop();
		await run.svc?.stop();
	});

	return run;
}

module.exports = { useExamplesInstance };
