'use strict';
/**
 * n8n's SSRF protection in n8n-core's own request helper: each refusal costs one try, never a
 * retry. The fake service's API (127.0.0.1) is allowed and its file host (127.0.0.2) is not.
 * n8n's protection announces every address it refuses (`ssrf.blocked`): the count is the number
 * of tries, which the service itself cannot see.
 */
process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

const path = require('node:path');
const { useFakeService } = require('../support/fake');
const { runWorkflow, nodeResult } = require('../support/run-workflow');
const { mediaNode } = require('../support/built-node');
const { FAST, count } = require('../support/media');

/** n8n-core's own copies of its container and network package (it keeps them apart). */
const core = path.dirname(require.resolve('n8n-core'));
const fromCore = (name) => require(require.resolve(name, { paths: [core] }));
const { Container } = fromCore('@n8n/di');
const { SsrfProtectionService } = fromCore('@n8n/backend-network');

const ref = useFakeService({ timing: { queueMs: 20, imageMs: 150 } });
let refusals = [];
beforeAll(() =>
	Container.get(SsrfProtectionService).events.on('ssrf.blocked', (e) => refusals.push(e)),
);
beforeEach(() => (refusals = []));

const REFUSED = "n8n's SSRF protection refused";
const creates = () => count(ref.svc, 'POST /image');

async function run(parameters, baseUrl = ref.svc.apiUrl) {
	const node = mediaNode('Media', parameters);
	const result = await runWorkflow({
		nodes: [node],
		credentials: { apiKey: 'test-key-alice', baseUrl },
	});
	return nodeResult(result, 'Media');
}

describe("refusals by n8n's SSRF protection, one try each", () => {
	test('a Base URL on a blocked address: a model listing is refused once, and named', async () => {
		const { error } = await run(
			{ resource: 'model', operation: 'listImageModels' },
			'http://10.0.0.7:8080/v1',
		);
		expect(error.message).toBe(`${REFUSED} 10.0.0.7`);
		expect(error.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES (for example 10.0.0.7/32)');
		expect(refusals).toHaveLength(1);
	});

	test('a result link on a blocked host: the job is kept, its download refused once', async () => {
		const before = creates();
		const { error } = await run({
			resource: 'image',
			operation: 'generate',
			prompt: 'A lighthouse',
			model: 'sketch-lite',
			options: FAST,
		});
		expect(error.message).toMatch(
			new RegExp(`^Could not download the result of job \\S+: ${REFUSED} 127\\.0\\.0\\.2$`),
		);
		expect(error.description).toContain('run Download with this job ID');
		expect(creates() - before).toBe(1);
		expect(refusals).toHaveLength(1);
		expect(ref.svc.state.fileRequests).toHaveLength(0);
	});

	test('a reference link on a blocked host: refused once, before anything is uploaded or created', async () => {
		const before = creates();
		const { error } = await run({
			resource: 'image',
			operation: 'generate',
			prompt: 'A skyline like @Image 1',
			model: 'flux-pro',
			referenceImageUrls: ref.svc.hostedUrl('frame.png'),
			waitForCompletion: false,
		});
		expect(error.message).toContain(`${REFUSED} 127.0.0.2 (${ref.svc.filesOrigin}/hosted/`);
		expect(refusals).toHaveLength(1);
		expect(creates() - before).toBe(0);
		expect(count(ref.svc, 'POST /image/upload')).toBe(0);
	});
});
