'use strict';
/**
 * Dry Run: every item checked and priced as a real run checks it, nothing created and nothing
 * uploaded. Counted at the fake service, which sees every create and upload; the same items then
 * run for real give the same estimates.
 */
const { useFakeService, api, uploadForm } = require('../support/fake');
const { binaryItem } = require('../support/media');
const { costRunner, dry, pricyVideo, CONTINUE, RETRY, TOOL } = require('../support/run-cost');
const { runAgent } = require('../support/run-agent');
const { mediaNode } = require('../support/built-node');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 150, videoMs: 150, audioMs: 150 } });
const { run, counted, creds } = costRunner(ref);

const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const noWait = (params) => ({ ...params, waitForCompletion: false });

/**
 * One batch per create kind, three items each, with references from binary fields and links
 * where the kind takes them: what a dry run must check without uploading.
 */
const KINDS = {
	'image, references from a binary field and a link': () => ({
		params: {
			resource: 'image',
			operation: 'generate',
			prompt: '={{ $json.p }} like @Image 1 and @Image 2',
			model: 'flux-pro',
			resolution: '720p',
			numberOfImages: 2,
			referenceImageFields: 'logo',
			referenceImageUrls: ref.svc.hostedUrl('frame.png'),
		},
		items: ['a', 'b', 'c'].map((p) => binaryItem({ logo: 'png' }, { p })),
		estimates: [8, 8, 8],
		uploads: 6,
	}),
	'video from frames, a link and a binary field': () => ({
		params: {
			resource: 'video',
			operation: 'generate',
			mode: 'frames',
			prompt: '={{ $json.p }}: from @Image 1 to @Image 2',
			model: 'motion-fast',
			resolution: '720p',
			duration: 10,
			startFrameUrl: ref.svc.hostedUrl('frame.png'),
			endFrameField: 'end',
		},
		items: ['a', 'b', 'c'].map((p) => binaryItem({ end: 'png' }, { p })),
		estimates: [20, 20, 20],
		uploads: 6,
	}),
	'video to video from a binary field, its length read from the file': () => ({
		params: {
			resource: 'video',
			operation: 'generate',
			mode: 'video_to_video',
			prompt: '={{ $json.p }} in clay',
			model: 'restyle-v2v',
			resolution: '720p',
			sourceVideoField: 'clip',
		},
		items: [4000, 6000, 2500].map((ms, i) => binaryItem({ clip: `mp4:${ms}` }, { p: `v${i}` })),
		// 3 credits a second at 720p
		estimates: [12, 18, 7.5],
		uploads: 3,
	}),
	'podcast from a script': () => ({
		params: {
			resource: 'podcast',
			operation: 'generateFromScript',
			scriptSource: 'json',
			scriptJson: '={{ JSON.stringify($json.script) }}',
		},
		items: [150, 300, 450].map((n) => ({
			json: { script: [{ text: words(n), voice_id: 'voice-ava' }] },
		})),
		estimates: [10, 20, 30],
	}),
	'podcast from a prompt': () => ({
		params: { resource: 'podcast', operation: 'generateFromPrompt', prompt: '={{ $json.p }}' },
		items: ['A 1-minute ad', 'A 2-minute ad', 'A 30-second ad'].map((p) => ({ json: { p } })),
		estimates: [10, 20, 5],
	}),
	'conversation from a prompt': () => ({
		params: {
			resource: 'podcast',
			operation: 'generateConversationFromPrompt',
			prompt: '={{ $json.p }}',
			voiceIds: 'voice-ava, voice-ben',
		},
		items: ['A 3-minute chat', 'A 4-minute chat', 'A 5-minute chat'].map((p) => ({ json: { p } })),
		estimates: [30, 40, 50],
	}),
	'conversation from a script': () => ({
		params: {
			resource: 'podcast',
			operation: 'generateConversationFromScript',
			scriptSource: 'json',
			scriptJson: '={{ JSON.stringify($json.script) }}',
		},
		items: [75, 150, 300].map((n) => ({
			json: {
				script: [
					{ text: words(n), voice_id: 'voice-ava' },
					{ text: words(n), voice_id: 'voice-ben' },
				],
			},
		})),
		estimates: [10, 20, 40],
	}),
};

describe('Dry Run, for every create kind', () => {
	test.each(Object.keys(KINDS))(
		'%s: no create, no upload, and the estimates a real run gives',
		async (name) => {
			const kind = KINDS[name]();
			const fetched = ref.svc.hosted.requests.length;
			const priced = await counted(() => run(dry(kind.params), { items: kind.items }));
			expect(priced.error).toBeUndefined();
			expect(priced.creates).toBe(0);
			expect(priced.uploads).toBe(0);
			// links are fetched and checked as in a real run
			if (kind.params.startFrameUrl || kind.params.referenceImageUrls)
				expect(ref.svc.hosted.requests.length - fetched).toBe(3);
			expect(priced.items.map((i) => i.json.dry_run)).toEqual([true, true, true]);
			expect(priced.items.map((i) => i.json.estimated_credits)).toEqual(kind.estimates);
			expect(priced.items.map((i) => i.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
			const total = kind.estimates.reduce((a, b) => a + b, 0);
			expect(priced.hints).toEqual([`3 items, ${total} credits estimated; nothing was created.`]);

			const real = await counted(() => run(noWait(kind.params), { items: kind.items }));
			expect(real.error).toBeUndefined();
			expect(real.jobs).toBe(3);
			expect(real.uploads).toBe(kind.uploads ?? 0);
			expect(real.items.map((i) => i.json.estimated_credits)).toEqual(kind.estimates);
		},
	);
});

describe('Dry Run output', () => {
	test('each item says what its job would be: model, mode, resolution, duration and how it was priced', async () => {
		const { items } = await run(
			dry(KINDS['video from frames, a link and a binary field']().params),
			{
				items: [binaryItem({ end: 'png' }, { p: 'a' })],
			},
		);
		expect(items[0].json).toEqual({
			dry_run: true,
			model: 'motion-fast',
			mode: 'frames',
			resolution: '720p',
			duration: 10,
			estimated_credits: 20,
			estimate_basis: '2 credits per second at 720p × 10 s',
		});
	});

	test('a source video given by id: priced as the guard prices it, at the longest clip, and says so', async () => {
		const upload = await api(ref.svc, 'POST', '/video/upload', {
			form: uploadForm('video', writeMp4({ width: 64, height: 36, durationMs: 12000 }), 'c.mp4'),
		});
		const params = {
			resource: 'video',
			operation: 'generate',
			mode: 'video_to_video',
			prompt: 'In clay',
			model: 'restyle-v2v',
			sourceVideoId: upload.json.video_id,
		};
		const priced = await counted(() => run(dry(params)));
		expect(priced.creates).toBe(0);
		expect(priced.items[0].json).toMatchObject({
			estimated_credits: 180,
			estimate_is_upper_bound: true,
			estimate_basis: expect.stringContaining('a source clip of up to 60 s'),
		});
		expect(priced.hints).toEqual([
			'1 item, 180 credits estimated (1 is an upper bound); nothing was created.',
		]);
		// the real job is priced by the service from the clip's 12 s
		const real = await run(noWait(params));
		expect(real.items[0].json.estimated_credits).toBe(36);
	});

	test('a prompt that states no length: no estimate, said in the item and the hint', async () => {
		const { items, hints } = await run(
			dry({ resource: 'podcast', operation: 'generateFromPrompt', prompt: '={{ $json.p }}' }),
			{ items: [{ json: { p: 'A story about bees' } }, { json: { p: 'A 2-minute ad' } }] },
		);
		expect(items[0].json).toMatchObject({
			estimated_credits: null,
			estimate_basis: 'the prompt states no length',
		});
		expect(hints).toEqual([
			'2 items, 20 credits estimated (1 without an estimate); nothing was created.',
		]);
	});

	test('with Continue On Fail, an item that would fail is an error item; nothing is created', async () => {
		const params = {
			resource: 'image',
			operation: 'generate',
			prompt: 'A heron',
			model: '={{ $json.model }}',
			options: { dryRun: true },
		};
		const items = [{ json: { model: 'sketch-lite' } }, { json: { model: 'nope' } }];
		const priced = await counted(() => run(params, { items, extra: CONTINUE }));
		expect(priced.creates).toBe(0);
		expect(priced.items[0].json).toMatchObject({ dry_run: true, estimated_credits: 2 });
		expect(priced.items[1].json.error).toMatch(/nope/);
		expect(priced.hints).toEqual([
			'1 item, 2 credits estimated, 1 item would fail; nothing was created.',
		]);
		// without it, the run fails with that item's error, as a real run does
		const failed = await counted(() => run(params, { items }));
		expect(failed.error.message).toMatch(/nope/);
		expect(failed.creates).toBe(0);
	});

	test('a binary source clip over 60 s fails in the dry run, as the upload would', async () => {
		const { error, items } = await run(
			dry(KINDS['video to video from a binary field, its length read from the file']().params),
			{ items: [binaryItem({ clip: 'mp4:75000' }, { p: 'long' })], extra: CONTINUE },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.error).toMatch(/75 s long; video uploads may be at most 60 s/);
	});
});

describe('a dry run under Retry On Fail', () => {
	test('a dry run tried again still creates and uploads nothing', async () => {
		// the first item fails its check: its error item as the first output makes n8n try again
		const kind = KINDS['image, references from a binary field and a link']();
		const items = [binaryItem({ other: 'png' }, { p: 'x' }), ...kind.items];
		const result = await counted(() =>
			run(dry(kind.params), { items, extra: { ...RETRY, ...CONTINUE } }),
		);
		expect(result.creates).toBe(0);
		expect(result.uploads).toBe(0);
		expect(result.items[0].json.error).toMatch(/logo/);
		expect(result.items.slice(1).map((i) => i.json.estimated_credits)).toEqual([8, 8, 8]);
	});
});

describe('a dry run as an AI agent tool', () => {
	test('a dry run answers with the estimate and creates nothing', async () => {
		const result = await counted(() =>
			run(pricyVideo({ dryRun: true }), { extra: { type: TOOL } }),
		);
		expect(result.creates).toBe(0);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			dry_run: true,
			estimated_credits: 120,
			model: 'cinema-pro',
			resolution: '4k',
			duration: 10,
		});
	});

	test("an agent calling the tool reads the estimate as the tool's answer", async () => {
		const node = mediaNode(
			'Price Video',
			{
				...pricyVideo({ dryRun: true }),
				prompt: "={{ $fromAI('prompt', 'What the video shows', 'string') }}",
			},
			{ type: TOOL, typeVersion: 3 },
		);
		const before = ref.svc.received().create;
		const { result, error } = await runAgent({
			tools: [node],
			credentials: creds(),
			script: async (tools) => JSON.parse(await tools.Price_Video.invoke({ prompt: 'A fox' })),
		});
		expect(error).toBeUndefined();
		expect(result).toEqual([
			expect.objectContaining({ dry_run: true, estimated_credits: 120, model: 'cinema-pro' }),
		]);
		expect(ref.svc.received().create).toBe(before);
	});
});
