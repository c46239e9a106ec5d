'use strict';
const { useFakeService, api, waitForJob } = require('../support/fake');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');

const ref = useFakeService({ timing: { queueMs: 20, audioMs: 300 } });
const post = (path, body, key) => api(ref.svc, 'POST', path, { body, key });

describe('fake service: audio (spec 4.9-4.13)', () => {
	test('a job reports finished with a script and a real MP3', async () => {
		const r = await post('/podcast', { prompt: 'A short show about bees' });
		expect(Object.keys(r.json)).toEqual(['job_id']);
		const first = (await api(ref.svc, 'GET', `/podcast/${r.json.job_id}`)).json;
		expect(first).toMatchObject({ finished: false, error: false });
		const done = await waitForJob(ref.svc, 'podcast', r.json.job_id);
		expect(done).toMatchObject({
			finished: true,
			error: false,
			script: expect.stringContaining('bees'),
		});
		const mp3 = Buffer.from(await (await fetch(done.url)).arrayBuffer());
		expect(mp3.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
		expect(mp3DurationMs(mp3)).toBeGreaterThan(1000);
	});

	test('a sixth job in flight is refused with 429 and Retry-After', async () => {
		const results = [];
		for (let i = 0; i < 6; i++)
			results.push(
				await post(
					'/podcast/scripted',
					{ script: [{ text: `part ${i}`, voice_id: 'voice-ava' }] },
					'test-key-bob',
				),
			);
		expect(results.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		expect(results[5].status).toBe(429);
		expect(results[5].headers.get('retry-after')).toBe('1');
		expect(ref.svc.state.maxAudioInFlight).toBe(5);
	});

	test.each([
		['/podcast', { prompt: 'x', voice_ids: ['voice-ava', 'voice-ava'] }, 422],
		['/podcast', { prompt: 'x', voice_ids: ['nobody'] }, 400],
		['/podcast', { prompt: 'x', music_spec: { music_id: 'nope' } }, 400],
		['/podcast', { prompt: 'x', music_spec: { music_id: 'music-calm', volume: 1.5 } }, 422],
		[
			'/podcast',
			{ prompt: 'x', music_spec: { music_id: 'music-upbeat', playback_end: 70000 } },
			400,
		],
		['/podcast/scripted', { script: [] }, 422],
		['/podcast/scripted', { script: [{ text: 'hi' }] }, 422],
		['/podcast/scripted', { script: [{ text: 'hi', voice_id: 'nobody' }] }, 400],
		['/podcast/convo-mode/ai-scripted', { prompt: 'x', voice_ids: ['voice-ava'] }, 400],
		[
			'/podcast/convo-mode/ai-scripted',
			{ prompt: 'x', music_spec: { music_id: 'music-calm' } },
			400,
		],
		['/podcast/convo-mode/user-scripted', { script: [{ text: 'a', voice_id: 'voice-ava' }] }, 400],
	])('%s %j -> %i', async (path, body, status) => {
		expect((await post(path, body, 'test-key-alice-2')).status).toBe(status);
	});

	test('convo mode with two voices and delivery instructions; music with every option', async () => {
		expect(
			(
				await post('/podcast/convo-mode/ai-scripted', {
					prompt: 'two hosts',
					voice_ids: ['voice-ava', 'voice-ben'],
					delivery_instructions: 'upbeat',
				})
			).status,
		).toBe(200);
		expect(
			(
				await post('/podcast/convo-mode/user-scripted', {
					script: [
						{ text: 'a', voice_id: 'voice-ava' },
						{ text: 'b', voice_id: 'voice-ben' },
					],
				})
			).status,
		).toBe(200);
		const music = {
			music_id: 'music-calm',
			fade_in_ms: 500,
			fade_out_ms: 500,
			playback_start: 1000,
			playback_end: 50000,
			volume: 0.2,
			loop: true,
		};
		expect(
			(await post('/podcast', { prompt: 'x', music_spec: music }, 'test-key-poor')).status,
		).toBe(200);
	});

	test('a failed audio job reports error with details; unknown ids are 404', async () => {
		const r = await post('/podcast', { prompt: 'x [fail]' }, 'test-key-poor');
		const done = await waitForJob(ref.svc, 'podcast', r.json.job_id, 'test-key-poor');
		expect(done).toMatchObject({ finished: true, error: true, error_details: expect.any(String) });
		expect((await api(ref.svc, 'GET', '/podcast/not-a-job')).status).toBe(404);
	});
});
