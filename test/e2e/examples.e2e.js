'use strict';
/**
 * End to end in the real n8n: the CLI of the pinned n8n release, our package installed as a
 * community package from its packed tarball, the examples of examples/ imported and run with
 * `n8n execute`, against the fake service. Run with `npm run test:e2e`. The same n8n runs the
 * checks of n8n's binary data modes (./binary-modes.js) and of its fail settings (./fail-settings.js).
 */
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');
const { nodeItems, runData } = require('../../harness/n8n-cli');
const { useExamplesInstance } = require('./examples-instance');
const { describeBinaryModes } = require('./binary-modes');
const { FAIL_WORKFLOWS, describeFailSettings } = require('./fail-settings');

const run = useExamplesInstance(FAIL_WORKFLOWS);
const { execute, fileOf, jobsOf } = run;
const chatRequests = () => run.svc.state.chatRequests.length;

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
		const job = run.svc.state.jobs.get(video.json.job_id);
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
			expect(run.svc.state.jobs.get(video.json.job_id).request.prompt).toBe(prompts[i].json.prompt);
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
		run.svc.faults.add({ route: 'POST /video', kind: 'job-fail' });
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
		expect(run.svc.state.jobs.get(episode.json.job_id).request.prompt).toMatch(
			/^A 2-minute podcast/,
		);
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
		const job = run.svc.state.jobs.get(episode.json.job_id);
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
		expect(answer.json.output).toContain(run.svc.filesOrigin);
		expect(answer.json.output).toContain('/files/');
	});
});

describeBinaryModes(run);
describeFailSettings(run);
