'use strict';
/**
 * `n8n execute` killed with SIGKILL while its jobs wait (the instance under `n8n start` is killed
 * in running-instance.faults.js): every job the service created is in what n8n printed, with its
 * item, node, operation and execution, and never the key.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { N8nInstance } = require('../../harness/n8n-cli');
const { credential, mediaNode, itemsNode, workflow } = require('./workflows');
const { killHard } = require('./processes');
const { until, sleep } = require('../../harness/wait');
const { describeJobs } = require('../support/fake');

const KEY = 'test-key-alice';

test('n8n execute killed with SIGKILL while jobs wait: every created job is in its log', async () => {
	const svc = await startFakeService({
		timing: { queueMs: 100, imageMs: 120_000, videoMs: 120_000, audioMs: 120_000 },
	});
	const n8n = new N8nInstance().installPackage();
	try {
		await n8n.importCredentials([credential('mainCredential01', KEY, svc.apiUrl)]);
		const items = Array.from({ length: 3 }, (_, i) => ({ p: `crash item ${i}` }));
		const wf = workflow(
			'Crash',
			[itemsNode('Items', items)],
			[mediaNode('Media image', 'image', { credentialId: 'mainCredential01', onError: null })],
		);
		const [id] = await n8n.importWorkflows([wf]);
		const run = n8n.spawnExecute(id);
		await until(() => svc.state.jobs.size >= 3, 'the three jobs to be created', {
			timeoutMs: 120_000,
			intervalMs: 100,
			seen: () => `${describeJobs(svc)}; n8n execute printed: ${run.output().slice(-2000)}`,
		});
		await sleep(300);
		await killHard(run.child);
		const jobs = [...svc.state.jobs.values()];
		expect(jobs).toHaveLength(3);
		for (const job of jobs) {
			const item = Number(/item (\d+)$/.exec(job.request.prompt)[1]);
			expect(run.output()).toMatch(
				new RegExp(
					`Media Generation: created image job ${job.id} for item ${item} of node "Media image" \\(image generate, execution \\d+\\)`,
				),
			);
		}
		expect(run.output()).not.toContain(KEY);
	} finally {
		await n8n.stop();
		await svc.stop();
	}
});
