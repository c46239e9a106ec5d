'use strict';
/**
 * A hardened n8n (`N8N_SSRF_PROTECTION_ENABLED=true`) in the real CLI of each release that has
 * SSRF protection. The fake service's API is on 127.0.0.1 and its file host (result links and
 * reference links) on 127.0.0.2, both in n8n's default blocked ranges. Without an allow-list, a
 * Base URL, a reference link and a result link each fail with an error that names n8n's SSRF
 * protection, the host and the setting that allows it, and nothing reaches the service. With
 * `N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.0/8` every operation works, and the API key goes only to
 * the API host.
 */
const path = require('node:path');
const { nodeItems, runError, runtimePackage } = require('../../harness/n8n-cli');
const { chainsWorkflow } = require('../compat/chains-workflow');
const { everyOperation, BRANCHES, NODE_NAMES } = require('../compat/every-operation-workflow');
const { API_KEY, compatService, compatInstance } = require('../compat/instance');
const { CREDENTIALS } = require('../../harness/examples');

const release = require('../../harness/n8n-releases/release').current();

/** n8n's own refusal, where the release has SSRF protection (n8n 2.x's @n8n/backend-network). */
function n8nRefusal() {
	try {
		return runtimePackage('@n8n/backend-network/dist/ssrf/ssrf-blocked-ip.error.js')
			.SsrfBlockedIpError;
	} catch {
		return undefined;
	}
}
const SsrfBlockedIpError = n8nRefusal();
const describeSsrf = SsrfBlockedIpError ? describe : describe.skip;
const title = SsrfBlockedIpError
	? `n8n ${release.version} with N8N_SSRF_PROTECTION_ENABLED=true`
	: `n8n ${release.version}: skipped, this release has no SSRF protection (no @n8n/backend-network)`;

const PROTECTED = { N8N_SSRF_PROTECTION_ENABLED: 'true' };
const ALLOW = (ranges) => ({ ...PROTECTED, N8N_SSRF_ALLOWED_IP_RANGES: ranges });
const REFUSED = "n8n's SSRF protection refused";

/** A model listing, an image to wait for and download, and an image from a reference link. */
function refusalWorkflow(link) {
	const chains = [
		['Start', ['List Image Models', { resource: 'model', operation: 'listImageModels' }]],
		// an image to wait for and download: the first step of the compatibility check
		['Start', BRANCHES[0][0]],
		[
			'Start',
			[
				'Image from Link',
				{
					resource: 'image',
					operation: 'generate',
					prompt: 'A skyline like @Image 1',
					model: 'flux-pro',
					referenceImageUrls: link,
					waitForCompletion: false,
				},
			],
		],
	];
	const onError = { onError: 'continueRegularOutput' };
	return (credential) =>
		chainsWorkflow({
			name: 'SSRF protection: refusals',
			prefix: 'ssrf',
			chains,
			credential,
			nodeSettings: { 'List Image Models': onError, Image: onError, 'Image from Link': onError },
		});
}

let svc;
let n8n;
const ids = {};

/** Runs a workflow with this environment; what each node gave, and what reached the service. */
async function run(id, env) {
	const before = { api: svc.state.requests.length, hosted: svc.hosted.requests.length };
	const result = await n8n.execute(id, { env, timeoutMs: 120_000 });
	expect(result.stdout).not.toContain(API_KEY);
	expect(result.stderr).not.toContain(API_KEY);
	const only = (name) => nodeItems(result.data, name)?.[0]?.json;
	const api = svc.state.requests.slice(before.api);
	const hosted = svc.hosted.requests.slice(before.hosted);
	return { ...result, only, api, hosted };
}

/** The API key went to the API host only: never to the file host (result and reference links). */
function keyStayedHome() {
	const files = [...svc.state.fileRequests, ...svc.hosted.requests];
	for (const r of files) expect(JSON.stringify(r.headers)).not.toContain(API_KEY);
	for (const r of svc.state.requests) expect(r.headers['x-api-key']).toBe(API_KEY);
}

describeSsrf(title, () => {
	beforeAll(async () => {
		svc = await compatService();
		let id;
		({ n8n, id } = await compatInstance(svc, refusalWorkflow(svc.hostedUrl('frame.png')), {
			binaryDataMode: 'filesystem',
		}));
		ids.refusals = id;
		[ids.every] = await n8n.importWorkflows([everyOperation(CREDENTIALS.media)]);
	}, 120_000);

	afterAll(async () => {
		await n8n?.stop();
		await svc?.stop();
	});

	test("n8n's own refusal of this release is recognised and worded", () => {
		const { ssrfRefusalOf, ssrfWords } = require(
			path.resolve(__dirname, '../../dist/nodes/MediaGeneration/transport/ssrf.js'),
		);
		const refusal = ssrfRefusalOf(new SsrfBlockedIpError('10.0.0.7'));
		expect(refusal).toEqual({ ip: '10.0.0.7', blockedName: false });
		expect(ssrfWords('10.0.0.7:443', refusal).hint).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
	});

	test('no allow-list: the Base URL is refused by name for each operation, and nothing reaches the service', async () => {
		const r = await run(ids.refusals, PROTECTED);
		expect(runError(r.data)).toBeUndefined();
		const list = r.only('List Image Models');
		expect(list.error).toBe(`${REFUSED} 127.0.0.1`);
		expect(list.description).toMatch(/^GET \/image\/models was not sent to the Base URL's host\./);
		expect(list.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES (for example 127.0.0.1/32)');
		// the model listing Generate checks against is refused first: the create is never sent
		expect(r.only('Image').error).toBe(`${REFUSED} 127.0.0.1`);
		expect(r.only('Image').description).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
		// the link is fetched after the model listing, which is refused first (the next test has it)
		expect(r.only('Image from Link').error).toBe(`${REFUSED} 127.0.0.1`);
		expect([r.api, r.hosted]).toEqual([[], []]);
	});

	test('the API allowed, the file host not: a result link and a reference link are refused by name', async () => {
		const files = svc.state.fileRequests.length;
		const r = await run(ids.refusals, ALLOW('127.0.0.1/32'));
		expect(nodeItems(r.data, 'List Image Models').map((i) => i.json.id)).toContain('sketch-lite');
		const image = r.only('Image');
		expect(image.error).toMatch(
			new RegExp(`^Could not download the result of job \\S+: ${REFUSED} 127\\.0\\.0\\.2$`),
		);
		expect(image.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES (for example 127.0.0.2/32)');
		const link = r.only('Image from Link').error;
		expect(link).toContain(`${REFUSED} 127.0.0.2 (${svc.filesOrigin}/hosted/frame.png)`);
		expect(link).toContain('N8N_SSRF_ALLOWED_IP_RANGES (for example 127.0.0.2/32)');
		// one create (the waiting image), no upload: the link was refused before anything was sent
		expect(r.api.map((a) => a.route).filter((route) => /^POST/.test(route))).toEqual([
			'POST /image',
		]);
		expect([r.hosted, svc.state.fileRequests.length - files]).toEqual([[], 0]);
		keyStayedHome();
	});

	test('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.0/8: the same three work', async () => {
		const r = await run(ids.refusals, ALLOW('127.0.0.0/8'));
		expect(runError(r.data)).toBeUndefined();
		for (const name of ['List Image Models', 'Image', 'Image from Link'])
			expect([name, r.only(name).error]).toEqual([name, undefined]);
		expect(nodeItems(r.data, 'Image')[0].binary.data.mimeType).toBe('image/png');
		expect(r.only('Image from Link').reference_image_ids).toHaveLength(1);
		expect(r.hosted.map((h) => h.name)).toEqual(['frame.png']);
		keyStayedHome();
	});

	test('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.0/8: every operation runs to the end', async () => {
		const r = await run(ids.every, ALLOW('127.0.0.0/8'));
		if (r.code !== 0)
			throw new Error(`n8n execute exited ${r.code}: ${JSON.stringify(runError(r.data))}`);
		expect(NODE_NAMES.filter((name) => !nodeItems(r.data, name)?.length)).toEqual([]);
		keyStayedHome();
	});
});

// on a release without SSRF protection the checks above are skipped; this says why, and checks it
if (!SsrfBlockedIpError)
	test(`n8n ${release.version} has no SSRF protection: the checks of a hardened n8n are skipped`, () => {
		expect(() => runtimePackage('@n8n/backend-network/package.json')).toThrow();
	});
