'use strict';
/**
 * The compact compatibility check, run in the real n8n of each release of the matrix
 * (`npm run test:compat`; the release comes from N8N_RELEASE): every operation of the node in one
 * workflow, in each binary data mode the release offers, with every result file byte-equal to what
 * the service served, uploads from binaries n8n keeps on disk, and a download cut off midway.
 */
const { createHash } = require('node:crypto');
const { N8nInstance, binaryModeOf, nodeItems, runError } = require('../../harness/n8n-cli');
const { everyOperation, NODE_NAMES } = require('./every-operation-workflow');
const { API_KEY, compatService, compatInstance } = require('./instance');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const release = require('../../harness/n8n-releases/release').current();

let svc;
let tarball;
const instances = [];

beforeAll(async () => {
	svc = await compatService();
	const packer = new N8nInstance().installPackage();
	tarball = packer.tarball;
	instances.push(packer);
});

afterAll(async () => {
	for (const n8n of instances) await n8n.stop();
	await svc?.stop();
});

/** A fresh n8n user folder in this binary mode, with our package, credentials and the workflow. */
async function instance(binaryDataMode) {
	const made = await compatInstance(svc, everyOperation, { binaryDataMode, tarball });
	instances.push(made.n8n);
	return made;
}

/** What the fake service served for a job's result file. */
function served(jobId, index = 0) {
	const job = svc.state.jobs.get(jobId);
	if (!job) throw new Error(`no job ${jobId} at the service`);
	return svc.links.file(job, index).body;
}

describe.each(release.binaryModes)(`n8n ${release.version}, binary data mode "%s"`, (mode) => {
	let n8n;
	let id;
	let data;
	let result;
	beforeAll(async () => {
		({ n8n, id } = await instance(mode));
		result = await n8n.execute(id, { timeoutMs: 120_000 });
		data = result.data;
	}, 240_000);

	test('the workflow of every operation runs to the end, and no key appears in its output', () => {
		if (result.code !== 0)
			throw new Error(
				`n8n execute exited ${result.code}: ${JSON.stringify(runError(data))}\n${result.stdout.slice(-3000)}`,
			);
		if (!data)
			throw new Error(
				`n8n execute exited 0 but printed no result JSON that parses:\n${result.stdout.slice(0, 3000)}\n…\n${result.stdout.slice(-3000)}\nstderr:\n${result.stderr.slice(-3000)}`,
			);
		expect(result.stdout).not.toContain(API_KEY);
		expect(result.stderr).not.toContain(API_KEY);
		// the nodes that gave no item, or did not run at all, by name
		expect(NODE_NAMES.filter((name) => !nodeItems(data, name)?.length)).toEqual([]);
	});

	test('model listings', () => {
		expect(nodeItems(data, 'List Image Models').map((i) => i.json.id)).toContain('sketch-lite');
		expect(nodeItems(data, 'List Video Models').map((i) => i.json.id)).toContain('motion-fast');
	});

	test('every result file is byte-equal to what the service served, stored in this mode', () => {
		const files = [
			['Image', 'image/png'],
			['Image Download', 'image/png'],
			['Image Check', 'image/png'],
			['Video', 'video/mp4'],
			['Video Download', 'video/mp4'],
			['Video Check', 'video/mp4'],
			['Podcast from Prompt', 'audio/mpeg'],
			['Podcast from Script', 'audio/mpeg'],
			['Conversation from Prompt', 'audio/mpeg'],
			['Conversation from Script', 'audio/mpeg'],
			['Podcast Download', 'audio/mpeg'],
			['Podcast Check', 'audio/mpeg'],
		];
		for (const [name, mimeType] of files) {
			const [item] = nodeItems(data, name);
			const binary = item.binary?.data;
			expect([name, binary?.mimeType]).toEqual([name, mimeType]);
			// stored in the mode this run asked for, not in another one n8n fell back to
			expect([name, binaryModeOf(binary)]).toEqual([name, mode]);
			const bytes = n8n.fileBytes(binary);
			expect([name, bytes.length > 0]).toEqual([name, true]);
			expect([name, bytes.equals(served(item.json.job_id))]).toEqual([name, true]);
		}
		// the small image arrived in one piece: the case n8n 1.x once kept as 0 bytes
		expect(served(nodeItems(data, 'Image')[0].json.job_id).length).toBeLessThan(16 * 1024);
	});

	test('uploads from binary fields n8n keeps in this mode reach the service whole', () => {
		const [image] = nodeItems(data, 'Upload Image');
		const [video] = nodeItems(data, 'Upload Video');
		const imageSource = n8n.fileBytes(nodeItems(data, 'Image')[0].binary.data);
		const videoSource = n8n.fileBytes(nodeItems(data, 'Video')[0].binary.data);
		expect(image.json).toMatchObject({ bytes: imageSource.length, mime_type: 'image/png' });
		expect(video.json).toMatchObject({ bytes: videoSource.length, mime_type: 'video/mp4' });
		expect(svc.state.images.get(image.json.image_id)).toMatchObject({
			source: 'upload',
			bytes: imageSource.length,
			sha256: sha256(imageSource),
		});
		expect(svc.state.videos.get(video.json.video_id)).toMatchObject({
			source: 'upload',
			bytes: videoSource.length,
			sha256: sha256(videoSource),
		});
	});

	test('Get and the create operations without waiting give job ids and states', () => {
		expect(nodeItems(data, 'Image Get')[0].json).toMatchObject({
			status: 'succeeded',
			job_id: expect.any(String),
		});
		expect(nodeItems(data, 'Video Get')[0].json).toMatchObject({ status: 'succeeded' });
		expect(nodeItems(data, 'Podcast Get')[0].json).toMatchObject({
			status: 'succeeded',
			finished: true,
		});
		expect(nodeItems(data, 'Video from Upload')[0].json).toMatchObject({
			status: 'succeeded',
			video_id: expect.any(String),
		});
	});

	test('a download cut off midway is fetched again and stored whole', async () => {
		const before = svc.state.fileRequests.length;
		svc.faults.add({ route: 'FILE', kind: 'truncate' });
		const again = await n8n.execute(id, { timeoutMs: 120_000 });
		expect(again.code).toBe(0);
		const [item] = nodeItems(again.data, 'Image');
		expect(n8n.fileBytes(item.binary.data).equals(served(item.json.job_id))).toBe(true);
		const first = svc.state.fileRequests[before];
		expect(svc.state.fileRequests.filter((r) => r.path === first.path)).toHaveLength(2);
	});
});
