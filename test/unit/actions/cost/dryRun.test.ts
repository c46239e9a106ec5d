import type { CreditEstimate } from '../../../../nodes/MediaGeneration/contract/credits';
import { dryRunHint, dryRunItem } from '../../../../nodes/MediaGeneration/actions/cost/dryRun';
import { HINT_LENGTH } from '../../../../nodes/MediaGeneration/actions/runHints';
import type { JobRequest, WaitSettings } from '../../../../nodes/MediaGeneration/engine/jobs/types';

// a dry run never reads how a job would be waited for
const settings = {} as WaitSettings;
const request = (estimate?: CreditEstimate, json = {}): { req: JobRequest } => ({
	req: { kind: 'video', create: { path: '/video', body: {} }, settings, json, estimate },
});

describe('a dry run', () => {
	test('each item: what the job would be, its estimate and its basis; no ids of files not uploaded', () => {
		const { req } = request(
			{ credits: 180, basis: 'up to 60 s', upperBound: true },
			{ model: 'restyle-v2v', resolution: '720p', reference_image_ids: ['', 'abc'] },
		);
		expect(dryRunItem(req)).toEqual([
			{
				json: {
					dry_run: true,
					model: 'restyle-v2v',
					resolution: '720p',
					estimated_credits: 180,
					estimate_basis: 'up to 60 s',
					estimate_is_upper_bound: true,
				},
			},
		]);
		expect(dryRunItem(request({ basis: 'no length' }).req)[0].json.estimated_credits).toBeNull();
	});

	test("the run's hint: items, total credits, and that nothing was created", () => {
		const twelve = Array.from({ length: 12 }, () => request({ credits: 120, basis: 'b' }));
		expect(dryRunHint(twelve, 0)).toBe('12 items, 1,440 credits estimated; nothing was created.');
		expect(dryRunHint([request({ credits: 1, basis: 'b' })], 0)).toBe(
			'1 item, 1 credit estimated; nothing was created.',
		);
		const mixed = [
			request({ credits: 20, basis: 'b' }),
			request({ basis: 'none' }),
			request({ credits: 180, basis: 'b', upperBound: true }),
		];
		const hint = dryRunHint(mixed, 2);
		expect(hint).toBe(
			'3 items, 200 credits estimated (1 without an estimate, 1 is an upper bound), 2 items would fail; nothing was created.',
		);
		expect(hint.length).toBeLessThanOrEqual(HINT_LENGTH);
	});
});
