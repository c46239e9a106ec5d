import type { CreditEstimate } from '../../../../nodes/MediaGeneration/contract/credits';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import {
	dryRunHint,
	dryRunItem,
	runDry,
} from '../../../../nodes/MediaGeneration/actions/cost/dryRun';
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

	test('each item: no estimate basis or upper-bound flag when there is nothing to say', () => {
		const [{ json }] = dryRunItem(request(undefined, { model: 'flux-pro' }).req);
		expect(json).toEqual({ dry_run: true, model: 'flux-pro', estimated_credits: null });
		const exact = dryRunItem(request({ credits: 6, basis: '6 credits per image' }).req)[0].json;
		expect(exact).not.toHaveProperty('estimate_is_upper_bound');
		expect(exact).toMatchObject({ estimated_credits: 6, estimate_basis: '6 credits per image' });
	});

	test("the run's hint counts each kind of item once, in the singular or plural", () => {
		expect(dryRunHint([], 0)).toBe('0 items, 0 credits estimated; nothing was created.');
		const bounds = [
			request({ credits: 90, basis: 'b', upperBound: true }),
			request({ credits: 90, basis: 'b', upperBound: true }),
			request({ basis: 'none' }),
			request(),
		];
		expect(dryRunHint(bounds, 1)).toMatch(
			/^4 items, 180 credits estimated \(2 without an estimate, 2 are upper bounds\), 1 item would fail;/,
		);
	});

	test('the outputs come in the order of the requests, and the hint shows above them', () => {
		const hints: unknown[] = [];
		const ctx = { addExecutionHints: (...h: unknown[]) => hints.push(...h) };
		const requests = [request({ credits: 4, basis: 'b' }, { n: 1 }), request(undefined, { n: 2 })];
		const out = runDry(ctx as unknown as IExecuteFunctions, requests, 1);
		expect(out).toEqual(requests.map((r) => dryRunItem(r.req)));
		expect(out.map((items) => (items as INodeExecutionData[])[0].json.n)).toEqual([1, 2]);
		expect(hints).toEqual([
			{ type: 'info', location: 'outputPane', message: dryRunHint(requests, 1) },
		]);
	});

	test('an n8n without execution hints still gets the outputs', () => {
		const out = runDry({} as IExecuteFunctions, [request({ credits: 4, basis: 'b' })], 0);
		expect(out).toHaveLength(1);
	});
});
