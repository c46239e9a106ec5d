'use strict';
/** Podcast: the four audio intents, each sent to its own endpoint, and a failed job's output. */
const { FAST } = require('../support/media');
const { readBinary } = require('../support/binary-data');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');
const { usePodcast, segments } = require('../support/podcast');

const { run, jobOf } = usePodcast();

describe('the four audio intents', () => {
	test('Generate from Prompt: an MP3 with job_id, script and link', async () => {
		const { items, error } = await run(
			{ prompt: 'A 30-second ad for a bakery', voiceIds: 'voice-cleo', options: FAST },
			{ operation: 'generateFromPrompt' },
		);
		expect(error).toBeUndefined();
		const { json, binary } = items[0];
		expect(json).toMatchObject({
			job_id: expect.any(String),
			status: 'succeeded',
			script: expect.stringContaining('voice-cleo: Welcome'),
			url: expect.stringContaining('/files/'),
			url_expires_at: expect.any(String),
		});
		expect(binary.data).toMatchObject({
			mimeType: 'audio/mpeg',
			fileExtension: 'mp3',
			fileName: `podcast-${json.job_id.slice(0, 8)}.mp3`,
		});
		expect(
			Math.abs(mp3DurationMs(await readBinary(binary.data)) - jobOf(items[0]).audioMs),
		).toBeLessThan(30); // whole MP3 frames
		expect(jobOf(items[0]).endpoint).toBe('/podcast');
		expect(jobOf(items[0]).request).toEqual({
			prompt: 'A 30-second ad for a bakery',
			voice_ids: ['voice-cleo'],
		});
	});

	test('Generate from Script, with background music', async () => {
		const { items, error } = await run(
			{
				segments: segments(
					['voice-ava', 'Breathe in.'],
					['voice-dan', 'And out.'],
					['voice-eve', 'Relax.'],
				),
				backgroundMusic: {
					track: {
						musicId: 'music-calm',
						volume: 0.2,
						fadeInMs: 1000,
						fadeOutMs: 2000,
						playbackStartMs: 500,
						playbackEndMs: 60000,
						loop: true,
					},
				},
				options: FAST,
			},
			{ operation: 'generateFromScript' },
		);
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).endpoint).toBe('/podcast/scripted');
		expect(jobOf(items[0]).request).toEqual({
			script: [
				{ text: 'Breathe in.', voice_id: 'voice-ava' },
				{ text: 'And out.', voice_id: 'voice-dan' },
				{ text: 'Relax.', voice_id: 'voice-eve' },
			],
			music_spec: {
				music_id: 'music-calm',
				volume: 0.2,
				fade_in_ms: 1000,
				fade_out_ms: 2000,
				playback_start: 500,
				playback_end: 60000,
				loop: true,
			},
		});
		expect(items[0].json.script).toBe(
			'voice-ava: Breathe in.\nvoice-dan: And out.\nvoice-eve: Relax.',
		);
	});

	test("Generate from Script with a JSON script from an expression (an LLM's output)", async () => {
		const script = [
			{ text: 'Hello there.', voice_id: 'voice-ben' },
			{ text: 'Hi!', voice_id: 'cloned-voice-1' },
		];
		const { items, error } = await run(
			{
				scriptSource: 'json',
				scriptJson: '={{ $json.llm }}',
				options: { ...FAST, downloadMedia: false },
			},
			{
				operation: 'generateFromScript',
				items: [{ json: { llm: JSON.stringify(script) } }, { json: { llm: script } }],
			},
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => jobOf(i).request.script)).toEqual([script, script]);
	});

	test('Generate Conversation from Prompt: two voices and delivery instructions, no music', async () => {
		const { items, error } = await run(
			{
				prompt: 'Two hosts discuss tea',
				voiceIds: 'voice-ava, voice-ben',
				deliveryInstructions: 'Playful, quick banter',
				options: { ...FAST, downloadMedia: false },
			},
			{ operation: 'generateConversationFromPrompt' },
		);
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).endpoint).toBe('/podcast/convo-mode/ai-scripted');
		expect(jobOf(items[0]).request).toEqual({
			prompt: 'Two hosts discuss tea',
			voice_ids: ['voice-ava', 'voice-ben'],
			delivery_instructions: 'Playful, quick banter',
		});
	});

	test('Generate Conversation from Script', async () => {
		const { items, error } = await run(
			{
				segments: segments(
					['voice-ava', 'So, tea?'],
					['voice-ben', 'Always tea.'],
					['voice-ava', 'Agreed.'],
				),
				deliveryInstructions: 'Calm',
				options: FAST,
			},
			{ operation: 'generateConversationFromScript' },
		);
		expect(error).toBeUndefined();
		expect(jobOf(items[0]).endpoint).toBe('/podcast/convo-mode/user-scripted');
		expect(items[0].binary.data.mimeType).toBe('audio/mpeg');
	});

	test('Get and Download finish a job started without waiting', async () => {
		const started = await run(
			{ prompt: 'News in brief', waitForCompletion: false },
			{ operation: 'generateFromPrompt' },
		);
		expect(started.items[0].json).toEqual({
			job_id: expect.any(String),
			status: 'queued',
			created_at: expect.any(String),
		});
		expect(Date.now() - Date.parse(started.items[0].json.created_at)).toBeLessThan(60_000);
		const jobId = started.items[0].json.job_id;
		const early = await run({ jobId }, { operation: 'download' });
		expect(early.error.message).toBe(
			`Audio job ${jobId} is still processing: nothing to download yet`,
		);
		await new Promise((r) => setTimeout(r, 700));
		expect((await run({ jobId }, { operation: 'get' })).items[0].json).toMatchObject({
			status: 'succeeded',
			finished: true,
		});
		const { items } = await run(
			{ jobId, options: { fileName: 'news' } },
			{ operation: 'download' },
		);
		expect(items[0].binary.data.fileName).toBe('news.mp3');
	});

	test('an audio job that ends in error gives a clear per-item error', async () => {
		const { items } = await run(
			{ prompt: '={{ $json.p }}', options: FAST },
			{
				operation: 'generateFromPrompt',
				items: [{ json: { p: 'fine' } }, { json: { p: 'broken [fail]' } }],
				extra: { onError: 'continueRegularOutput' },
			},
		);
		expect(items[0].binary.data).toBeDefined();
		expect(items[1].json).toEqual({
			error: expect.stringMatching(
				/^Audio job [0-9a-f-]{36} failed: Speech synthesis failed for segment 1\.$/,
			),
			description: expect.stringMatching(/voice and music ids/),
			job_id: expect.any(String),
		});
	});
});
