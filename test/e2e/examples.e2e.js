'use strict';
/**
 * End to end in the real n8n: the CLI of the pinned n8n release, our package installed as a
 * community package from its packed tarball, the examples of examples/ imported and run with
 * `n8n execute`, against the fake service. Run with `npm run test:e2e`.
 */
const { startFakeService } = require('../../harness/fake-service/server');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');
const fs = require('node:fs');
const {
	N8nInstance,
	binaryModeOf,
	nodeItems,
	runData,
	runError,
} = require('../../harness/n8n-cli');
const { loadExamples, fakeServiceCredentials } = require('../../harness/examples');

const API_KEY = 'test-key-alice';
const examples = loadExamples();
const extra = { continueOnFail: require('./workflows/continue-on-fail.json') };
extra.stopOnFail = structuredClone(extra.continueOnFail);
extra.stopOnFail.nodes.find((n) => n.name === 'Images').continueOnFail = false;
const { retryOnFail, retryOnFailContinue, RETRY_PROMPTS } = require('./workflows/retry-on-fail');
Object.assign(extra, { retryOnFail, retryOnFailContinue });

let svc;
let n8n;
const ids = {};

const fileOf = (item, field = 'data') => n8n.fileBytes(item.binary[field]);
const jobsOf = (kind) => [...svc.state.jobs.values()].filter((j) => j.kind === kind);
const chatRequests = () => svc.state.chatRequests.length;

async function execute(name, options) {
	const result = await n8n.execute(ids[name], options);
	if (process.env.E2E_DEBUG)
		console.log(result.code, result.stdout.slice(-3000), result.stderr.slice(-3000));
	// the key is stored encrypted; it must not come back in any output or log line
	expect(result.stdout).not.toContain(API_KEY);
	expect(result.stderr).not.toContain(API_KEY);
	return result;
}

beforeAll(async () => {
	svc = await startFakeService({
		timing: { queueMs: 100, imageMs: 400, videoMs: 800, audioMs: 800 },
	});
	n8n = new N8nInstance().installPackage();
	await n8n.importCredentials(fakeServiceCredentials(svc, API_KEY, 'sk-e2e'));
	const all = { ...examples, ...extra };
	const names = Object.keys(all);
	(await n8n.importWorkflows(names.map((n) => all[n]))).forEach((id, i) => (ids[names[i]] = id));
});

afterAll(async () => {
	await n8n?.stop();
	await svc?.stop();
});

describe('the examples run in the real n8n', () => {
	test('image to video: two PNG frames, the second made from the first, then an MP4 between them', async () => {
		const { code, data } = await execute('image-to-video-start-end-frames');
		expect(code).toBe(0);
		const [start] = nodeItems(data, 'Start Frame');
		const [end] = nodeItems(data, 'End Frame');
		const videos = nodeItems(data, 'Dawn to Night Video');
		expect(videos).toHaveLength(1);
		for (const frame of [start, end]) {
			expect(frame.binary.data).toMatchObject({ mimeType: 'image/png', fileExtension: 'png' });
			expect(sniffImage(fileOf(frame))).toEqual({ type: 'png', width: 1280, height: 720 });
		}
		expect(start.binary.data.fileName).toBe('start-frame.png');
		expect(end.json.reference_image_ids).toEqual([start.json.image_id]);
		const [video] = videos;
		expect(video.pairedItem).toEqual({ item: 0 });
		expect(video.binary.data).toMatchObject({
			mimeType: 'video/mp4',
			fileName: 'dawn-to-night.mp4',
		});
		expect(readMp4(fileOf(video))).toMatchObject({
			hasVideo: true,
			durationMs: 5000,
			width: 640,
			height: 360,
		});
		const job = svc.state.jobs.get(video.json.job_id);
		expect(job.request).toMatchObject({
			start_frame_image_id: start.json.image_id,
			end_frame_image_id: end.json.image_id,
		});
	});

	test('batch of prompts: one portrait MP4 per prompt, in order, each paired with its prompt', async () => {
		const before = jobsOf('video').length;
		const { code, data, stdout } = await execute('batch-prompts-to-videos');
		expect(code).toBe(0);
		const prompts = nodeItems(data, 'Prompts');
		const videos = nodeItems(data, 'Generate Videos');
		expect(videos).toHaveLength(prompts.length);
		videos.forEach((video, i) => {
			expect(video.pairedItem).toEqual({ item: i });
			expect(video.binary.data.fileName).toBe(`${prompts[i].json.slug}.mp4`);
			expect(readMp4(fileOf(video))).toMatchObject({
				hasVideo: true,
				durationMs: 5000,
				width: 360,
				height: 640,
			});
			expect(svc.state.jobs.get(video.json.job_id).request.prompt).toBe(prompts[i].json.prompt);
		});
		expect(jobsOf('video').length - before).toBe(prompts.length);
		// every created job is in n8n's log the moment it exists, with its item and operation
		videos.forEach((video, i) =>
			expect(stdout).toContain(
				`created video job ${video.json.job_id} for item ${i} of node "Generate Videos" (video generate, execution`,
			),
		);
	});

	test('batch of prompts, one job failing on the service: an error item for it, videos for the others', async () => {
		svc.faults.add({ route: 'POST /video', kind: 'job-fail' });
		const { code, data } = await execute('batch-prompts-to-videos');
		expect(code).toBe(0);
		const videos = nodeItems(data, 'Generate Videos');
		expect(videos).toHaveLength(3);
		const failed = videos.filter((v) => v.json.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].json).toMatchObject({ job_id: expect.any(String) });
		expect(failed[0].binary).toBeUndefined();
		videos.forEach((video, i) => expect(video.pairedItem).toEqual({ item: i }));
		for (const ok of videos.filter((v) => !v.json.error))
			expect(readMp4(fileOf(ok)).hasVideo).toBe(true);
	});

	test('your first podcast: one prompt, waited for, one MP3 and its estimate', async () => {
		const before = jobsOf('audio').length;
		const { code, data } = await execute('first-podcast');
		expect(code).toBe(0);
		const [episode] = nodeItems(data, 'Generate Podcast');
		expect(episode.json).toMatchObject({ status: 'succeeded', estimated_credits: 20 });
		expect(episode.binary.data).toMatchObject({
			mimeType: 'audio/mpeg',
			fileName: 'first-podcast.mp3',
		});
		expect(mp3DurationMs(fileOf(episode))).toBeGreaterThan(1000);
		expect(jobsOf('audio').length - before).toBe(1);
		expect(svc.state.jobs.get(episode.json.job_id).request.prompt).toMatch(/^A 2-minute podcast/);
	});

	test('podcast from an AI-written script: the script is recorded with the two voices, as an MP3', async () => {
		const chatsBefore = chatRequests();
		const { code, data } = await execute('podcast-from-ai-script');
		expect(code).toBe(0);
		expect(chatRequests() - chatsBefore).toBe(1);
		const [segments] = nodeItems(data, 'Script to Segments');
		const [episode] = nodeItems(data, 'Record Episode');
		expect(episode.binary.data).toMatchObject({ mimeType: 'audio/mpeg', fileName: 'episode.mp3' });
		expect(mp3DurationMs(fileOf(episode))).toBeGreaterThan(1000);
		const job = svc.state.jobs.get(episode.json.job_id);
		expect(job.request.script).toEqual(segments.json.script);
		expect(new Set(job.request.script.map((s) => s.voice_id))).toEqual(
			new Set(['voice-ava', 'voice-ben']),
		);
	});

	test('AI agent: the agent calls the node as a tool, which returns links and no binary data', async () => {
		const before = jobsOf('image').length;
		const { code, data } = await execute('ai-agent-media-tool');
		expect(code).toBe(0);
		const [request] = nodeItems(data, 'Request');
		const [answer] = nodeItems(data, 'AI Agent');
		const images = jobsOf('image').slice(before);
		expect(images).toHaveLength(1);
		expect(images[0].request.prompt).toBe(request.json.chatInput);
		const toolRuns = runData(data)['Generate Image'];
		expect(toolRuns).toHaveLength(1);
		const toolOutput = JSON.stringify(toolRuns[0].data);
		expect(toolOutput).toContain(images[0].id);
		expect(toolOutput).not.toMatch(/"binary"\s*:\s*\{\s*"data"/);
		expect(answer.json.output).toContain(svc.filesOrigin);
		expect(answer.json.output).toContain('/files/');
	});
});

describe("n8n's binary data modes", () => {
	test("filesystem (a regular instance's default, n8n 3.0's only mode): 40 MB videos are stored as files in n8n's binary storage, whole and valid", async () => {
		svc.state.resultPaddingBytes = 40 * 1024 * 1024;
		try {
			const { code, data } = await execute('batch-prompts-to-videos');
			expect(code).toBe(0);
			const videos = nodeItems(data, 'Generate Videos');
			expect(videos).toHaveLength(3);
			for (const video of videos) {
				const binary = video.binary.data;
				expect(binaryModeOf(binary)).toBe('filesystem');
				expect(binary.data.length).toBeLessThan(64); // a reference to the file, not the file inlined
				const file = fs.readFileSync(n8n.binaryPath(binary.id));
				expect(file.equals(svc.links.file(svc.state.jobs.get(video.json.job_id), 0).body)).toBe(
					true,
				);
				// n8n 2.x records the size it stored; 1.x does not
				expect(binary.bytes ?? file.length).toBe(file.length);
				expect(file.length).toBeGreaterThan(40 * 1024 * 1024);
				expect(readMp4(file)).toMatchObject({ hasVideo: true, durationMs: 5000 });
			}
		} finally {
			svc.state.resultPaddingBytes = 0;
		}
	});

	test('in-memory (n8n 2.x and earlier; gone in 3.0): the frames and the video come back inline, whole', async () => {
		const { code, data } = await execute('image-to-video-start-end-frames', {
			env: { N8N_DEFAULT_BINARY_DATA_MODE: 'default' },
		});
		expect(code).toBe(0);
		const [frame] = nodeItems(data, 'End Frame');
		const [video] = nodeItems(data, 'Dawn to Night Video');
		// n8n really kept them in memory: an n8n without this mode (3.0) stores them on disk instead
		for (const item of [frame, video]) expect(binaryModeOf(item.binary.data)).toBe('default');
		expect(sniffImage(fileOf(frame))).toEqual({ type: 'png', width: 1280, height: 720 });
		const mp4 = fileOf(video);
		expect(mp4.equals(svc.links.file(svc.state.jobs.get(video.json.job_id), 0).body)).toBe(true);
		expect(readMp4(mp4)).toMatchObject({ hasVideo: true, durationMs: 5000 });
	});
});

describe('Continue On Fail in the real n8n', () => {
	test('an item with a resolution the model lacks fails alone, naming the allowed values; the others succeed', async () => {
		const before = jobsOf('image').length;
		const { code, data } = await execute('continueOnFail');
		expect(code).toBe(0);
		const items = nodeItems(data, 'Images');
		expect(items).toHaveLength(3);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toMatch(/Resolution/);
		expect(items[1].json.error).toMatch(/720p, 1080p, 2k/);
		expect(items[1].binary).toBeUndefined();
		for (const i of [0, 2]) expect(sniffImage(fileOf(items[i])).type).toBe('png');
		expect(jobsOf('image').length - before).toBe(2);
	});

	test('without it, the bad item stops the run (exit code 1) before any job is created', async () => {
		const before = svc.state.jobs.size;
		const { code, data } = await execute('stopOnFail');
		expect(code).toBe(1);
		expect(runError(data)?.message ?? '').toMatch(/Resolution/);
		expect(svc.state.jobs.size).toBe(before);
	});
});

describe('Retry On Fail (3 tries) in the real n8n: one job of three fails on every try', () => {
	const jobsFor = (prompt) => jobsOf('image').filter((j) => j.prompt === prompt);
	const served = (job) => svc.links.file(job, 0).body;

	test('the node fails as without retries; the two good jobs were created once, the failing one once per try', async () => {
		const [fox, whale, parrot] = RETRY_PROMPTS.throws;
		const { code, data } = await execute('retryOnFail');
		expect(code).toBe(1);
		expect(runError(data)?.message ?? '').toMatch(/^Image job [0-9a-f-]{36} failed/);
		expect(jobsFor(fox)).toHaveLength(1);
		expect(jobsFor(parrot)).toHaveLength(1);
		expect(jobsFor(whale)).toHaveLength(3);
	});

	test('with Continue On Fail (the first item failing): an error item and the two images, each created once, byte-equal to what the service served', async () => {
		const [owl, lynx, heron] = RETRY_PROMPTS.firstItemError;
		const { code, data } = await execute('retryOnFailContinue');
		expect(code).toBe(0);
		const items = nodeItems(data, 'Images');
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.error).toMatch(/^Image job [0-9a-f-]{36} failed/);
		expect(jobsFor(owl)).toHaveLength(3);
		for (const [i, prompt] of [lynx, heron].entries()) {
			const jobs = jobsFor(prompt);
			expect(jobs).toHaveLength(1);
			expect(items[i + 1].json.job_id).toBe(jobs[0].id);
			expect(fileOf(items[i + 1]).equals(served(jobs[0]))).toBe(true);
		}
	});
});
