'use strict';
/** Dry Run output: what each item says of its job, its estimate, and the items that would fail. */
const { useFakeService, api, uploadForm } = require('../support/fake');
const { binaryItem } = require('../support/media');
const { costRunner, dry, CONTINUE } = require('../support/run-cost');
const { dryRunKinds, noWait } = require('../support/dry-run-kinds');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 150, videoMs: 150, audioMs: 150 } });
const { run, counted } = costRunner(ref);
const KINDS = dryRunKinds(ref);

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
