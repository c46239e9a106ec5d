'use strict';
/**
 * n8n's binary data modes, in examples.e2e.js's n8n (`run`, from ./examples-instance.js): large
 * videos stored as files, and frames and video kept in memory where the release still has that mode.
 */
const fs = require('node:fs');
const { sniffImage } = require('../../harness/fake-service/media/sniff');
const { readMp4 } = require('../../harness/fake-service/media/mp4');
const { binaryModeOf, nodeItems } = require('../../harness/n8n-cli');

function describeBinaryModes(run) {
	describe("n8n's binary data modes", () => {
		test("filesystem (a regular instance's default, n8n 3.0's only mode): 40 MB videos are stored as files in n8n's binary storage, whole and valid", async () => {
			run.svc.state.resultPaddingBytes = 40 * 1024 * 1024;
			try {
				const { code, data } = await run.execute('batch-prompts-to-videos');
				expect(code).toBe(0);
				const videos = nodeItems(data, 'Generate Videos');
				expect(videos).toHaveLength(3);
				for (const video of videos) {
					const binary = video.binary.data;
					expect(binaryModeOf(binary)).toBe('filesystem');
					expect(binary.data.length).toBeLessThan(64); // a reference to the file, not the file inlined
					const file = fs.readFileSync(run.n8n.binaryPath(binary.id));
					expect(
						file.equals(run.svc.links.file(run.svc.state.jobs.get(video.json.job_id), 0).body),
					).toBe(true);
					// n8n 2.x records the size it stored; 1.x does not
					expect(binary.bytes ?? file.length).toBe(file.length);
					expect(file.length).toBeGreaterThan(40 * 1024 * 1024);
					expect(readMp4(file)).toMatchObject({ hasVideo: true, durationMs: 5000 });
				}
			} finally {
				run.svc.state.resultPaddingBytes = 0;
			}
		});

		test('in-memory (n8n 2.x and earlier; gone in 3.0): the frames and the video come back inline, whole', async () => {
			const { code, data } = await run.execute('image-to-video-start-end-frames', {
				env: { N8N_DEFAULT_BINARY_DATA_MODE: 'default' },
			});
			expect(code).toBe(0);
			const [frame] = nodeItems(data, 'End Frame');
			const [video] = nodeItems(data, 'Dawn to Night Video');
			// n8n really kept them in memory: an n8n without this mode (3.0) stores them on disk instead
			for (const item of [frame, video]) expect(binaryModeOf(item.binary.data)).toBe('default');
			expect(sniffImage(run.fileOf(frame))).toEqual({ type: 'png', width: 1280, height: 720 });
			const mp4 = run.fileOf(video);
			expect(
				mp4.equals(run.svc.links.file(run.svc.state.jobs.get(video.json.job_id), 0).body),
			).toBe(true);
			expect(readMp4(mp4)).toMatchObject({ hasVideo: true, durationMs: 5000 });
		});
	});
}

module.exports = { describeBinaryModes };
