'use strict';
const { useFakeService, api } = require('../support/fake');
const { now } = require('../../harness/clock');
const { runner, FAST } = require('../support/media');
const { readBinary } = require('../support/run-workflow');
const { mp3DurationMs } = require('../../harness/fake-service/media/mp3');

const ref = useFakeService();
const run = runner(ref, 'podcast');
const jobOf = (item) => ref.svc.state.jobs.get(item.json.job_id);
const creates = () =>
	ref.svc.state.requests.filter((r) => r.route?.startsWith('POST /podcast')).length;
const segments = (...pairs) => ({ segment: pairs.map(([voiceId, text]) => ({ voiceId, text })) });

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

describe('every rule is checked before sending', () => {
	test.each([
		['generateFromPrompt', { prompt: ' ' }, /Prompt is empty/],
		[
			'generateFromPrompt',
			{ prompt: 'x', voiceIds: 'voice-ava, voice-ava' },
			/Voice IDs must be unique; "voice-ava" is given twice/,
		],
		[
			'generateConversationFromPrompt',
			{ prompt: 'x', voiceIds: 'voice-ava' },
			/conversations take exactly 2 voices, 1 given/,
		],
		[
			'generateConversationFromPrompt',
			{ prompt: 'x', voiceIds: 'voice-ava, voice-ben, voice-eve' },
			/exactly 2 voices, 3 given/,
		],
		['generateFromScript', { segments: {} }, /Segments has no segments/],
		[
			'generateFromScript',
			{ segments: segments(['voice-ava', 'Hi'], ['voice-ben', '  ']) },
			/Segments, segment 2: Text is empty/,
		],
		[
			'generateFromScript',
			{ segments: segments(['', 'Hi']) },
			/Segments, segment 1: Voice ID \(voice_id\) is missing/,
		],
		[
			'generateFromScript',
			{ scriptSource: 'json', scriptJson: '{not json' },
			/Script \(JSON\) is not valid JSON/,
		],
		[
			'generateFromScript',
			{ scriptSource: 'json', scriptJson: '{"text": "x"}' },
			/Script \(JSON\) must be an array of segments/,
		],
		[
			'generateConversationFromScript',
			{ segments: segments(['voice-ava', 'Hi'], ['voice-ava', 'Me again']) },
			/a conversation needs exactly 2 voices taking turns; this script uses 1 \(voice-ava\)/,
		],
		[
			'generateFromPrompt',
			{ prompt: 'x', backgroundMusic: { track: { musicId: '' } } },
			/Background Music needs a Music ID/,
		],
		[
			'generateFromPrompt',
			{ prompt: 'x', backgroundMusic: { track: { musicId: 'music-calm', volume: 1.5 } } },
			/Volume must be between 0.0 and 1.0, not 1.5/,
		],
		[
			'generateFromPrompt',
			{ prompt: 'x', backgroundMusic: { track: { musicId: 'music-calm', fadeInMs: -5 } } },
			/Fade In must be a whole number of milliseconds/,
		],
		[
			'generateFromPrompt',
			{
				prompt: 'x',
				backgroundMusic: {
					track: { musicId: 'music-calm', playbackStartMs: 5000, playbackEndMs: 3000 },
				},
			},
			/Playback End \(3000 ms\) must come after Playback Start \(5000 ms\)/,
		],
	])('%s: %p', async (operation, params, message) => {
		const before = creates();
		const { error } = await run({ ...params, options: FAST }, { operation });
		expect(error?.message).toMatch(message);
		expect(creates()).toBe(before);
	});

	test('conversation operations never offer or send music', async () => {
		const { nodeInstance } = require('../support/run-workflow');
		const props = nodeInstance.description.properties.filter((p) => p.name === 'backgroundMusic');
		const shownFor = props.flatMap((p) => p.displayOptions.show.operation);
		expect(shownFor.sort()).toEqual(['generateFromPrompt', 'generateFromScript']);
		const { items } = await run(
			{
				prompt: 'x',
				backgroundMusic: { track: { musicId: 'music-calm' } },
				options: { ...FAST, downloadMedia: false },
			},
			{ operation: 'generateConversationFromPrompt' },
		);
		expect(jobOf(items[0]).request.music_spec).toBeUndefined();
	});
});

describe('the audio limit of 5 jobs in flight', () => {
	test('12 items: 12 outputs in order, at most 5 in flight, none lost, none created twice', async () => {
		ref.svc.state.maxAudioInFlight = 0;
		const before = creates();
		const items = Array.from({ length: 12 }, (_, i) => ({ json: { p: `Episode ${i}` } }));
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', options: FAST },
			{ operation: 'generateFromPrompt', items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		out.forEach((o, i) => expect(jobOf(o).request.prompt).toBe(`Episode ${i}`));
		expect(new Set(out.map((o) => o.json.job_id)).size).toBe(12);
		expect(ref.svc.state.maxAudioInFlight).toBe(5);
		expect(creates() - before).toBe(12); // no 429 was even needed: the node kept to the limit itself
	});

	test('slots held elsewhere (429): items wait for a slot, then each is created once', async () => {
		// another workflow of the same user holds all 5 slots for a while
		ref.svc.state.timing.audioMs = 1500;
		for (let i = 0; i < 5; i++)
			await api(ref.svc, 'POST', '/podcast', {
				key: 'test-key-alice-2',
				body: { prompt: `other ${i}` },
			});
		ref.svc.state.timing.audioMs = 500;
		const before = ref.svc.state.jobsOf('audio').length;
		const items = Array.from({ length: 3 }, (_, i) => ({ json: { p: `Mine ${i}` } }));
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', options: FAST },
			{ operation: 'generateFromPrompt', items },
		);
		expect(error).toBeUndefined();
		const refused = ref.svc.state.requests.filter(
			(r) => r.route === 'POST /podcast' && r.status === 429,
		);
		expect(refused.length).toBeGreaterThan(0);
		expect(ref.svc.state.jobsOf('audio').length - before).toBe(3);
		expect(out.map((o) => jobOf(o).request.prompt)).toEqual(['Mine 0', 'Mine 1', 'Mine 2']);
	});

	test('Wait for Completion off still keeps to the limit: 7 items, 7 job ids', async () => {
		const items = Array.from({ length: 7 }, (_, i) => ({ json: { p: `Quick ${i}` } }));
		ref.svc.state.maxAudioInFlight = 0;
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', waitForCompletion: false, options: FAST },
			{ operation: 'generateFromPrompt', items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => jobOf(o).request.prompt)).toEqual(items.map((i) => i.json.p));
		expect(ref.svc.state.maxAudioInFlight).toBeLessThanOrEqual(5);
	});

	test('Wait for Completion off: done once the last job is created, while the second wave runs', async () => {
		const timing = ref.svc.state.timing.audioMs;
		ref.svc.state.timing.audioMs = 3000;
		// the slots are free: the jobs of the tests before have ended
		const busyUntil = Math.max(0, ...ref.svc.state.jobsOf('audio').map((j) => j.endsAt));
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, busyUntil - now())));
		try {
			const items = Array.from({ length: 10 }, (_, i) => ({ json: { p: `Wave ${i}` } }));
			const started = now();
			const { items: out, error } = await run(
				{ prompt: '={{ $json.p }}', waitForCompletion: false, options: FAST },
				{ operation: 'generateFromPrompt', items },
			);
			const endedAt = now();
			expect(error).toBeUndefined();
			expect(out.map((o) => jobOf(o).request.prompt)).toEqual(items.map((i) => i.json.p));
			// the first five hold the slots until they end (3 s); the node is done once the last
			// five are created, while they run, not when a poll would first be due for them
			const later = out.slice(5).map(jobOf);
			for (const job of later) expect(job.endsAt).toBeGreaterThan(endedAt);
			expect(endedAt - started).toBeLessThan(3000 + 2500);
		} finally {
			ref.svc.state.timing.audioMs = timing;
		}
	});
});
