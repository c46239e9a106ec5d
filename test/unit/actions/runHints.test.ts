import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeExecutionHint,
} from 'n8n-workflow';

import {
	addRunHints,
	HINT_LENGTH,
	runHints,
	startedJobs,
} from '../../../nodes/MediaGeneration/actions/runHints';
import type { JobRequest } from '../../../nodes/MediaGeneration/engine/jobs/types';

const settings = {
	waitForCompletion: false,
	pollIntervalMs: 1000,
	maxWaitMs: 60_000,
	onTimeout: 'error' as const,
	downloadMedia: true,
	binaryPropertyName: 'data',
	fileName: '',
};
const create = (kind: JobRequest['kind']): { req: JobRequest } => ({
	req: { kind, create: { path: `/${kind}`, body: {} }, settings, json: {} },
});
const out = (json: IDataObject): INodeExecutionData[] => [{ json }];

describe('run hints', () => {
	test('the jobs a run created: one per request, from its first output item', () => {
		const requests = [create('image'), create('image'), create('image'), create('video')];
		const results = [
			[...out({ job_id: 'a', status: 'succeeded', estimated_credits: 4 }), ...out({ job_id: 'a' })],
			new Error('refused before any job'),
			out({ job_id: 'c', status: 'queued', estimated_credits: 4 }),
			out({ job_id: 'd', status: 'processing', timed_out: true }),
		];
		expect(startedJobs(requests, results)).toEqual([
			{ kind: 'image', running: false, estimatedCredits: 4 },
			{ kind: 'image', running: true, estimatedCredits: 4 },
			{ kind: 'video', running: true, estimatedCredits: undefined },
		]);
	});

	test('jobs polled or downloaded (no create) are not counted', () => {
		const download: { req: JobRequest } = {
			req: { kind: 'image', jobId: 'x', settings, json: {} },
		};
		expect(startedJobs([download], [out({ job_id: 'x', status: 'processing' })])).toEqual([]);
	});

	test('running jobs by kind, with the operations that finish them; then the credits', () => {
		const hints = runHints([
			{ kind: 'podcast', running: true, estimatedCredits: 20 },
			{ kind: 'podcast', running: true },
			{ kind: 'podcast', running: false, estimatedCredits: 5.5 },
		]);
		expect(hints.map((h) => h.message)).toEqual([
			'2 audio jobs were started and not waited for: finish them with Podcast > Check or Podcast > Download, by job_id.',
			'The 3 jobs of this run are estimated at 25.5 credits in all (1 job without an estimate).',
		]);
		expect(hints.every((h) => h.type === 'info' && h.location === 'outputPane')).toBe(true);
	});

	test('one job; jobs without any estimate; no jobs at all', () => {
		expect(runHints([{ kind: 'video', running: false, estimatedCredits: 1 }])[0].message).toBe(
			'The job of this run is estimated at 1 credit.',
		);
		expect(runHints([{ kind: 'video', running: true }]).map((h) => h.message)).toEqual([
			expect.stringMatching(/^1 video job was started .*finish it with Video > Check/),
			'The job of this run is without a credit estimate.',
		]);
		expect(runHints([])).toEqual([]);
	});

	test('every hint is one short line, however many jobs and credits', () => {
		const many = Array.from({ length: 123_456 }, (_, i) => ({
			kind: 'podcast' as const,
			running: true,
			estimatedCredits: i % 3 ? 12345.67 : undefined,
		}));
		for (const hint of runHints(many)) expect(hint.message.length).toBeLessThanOrEqual(HINT_LENGTH);
	});

	test('added where n8n offers execution hints; an n8n without them is left alone', () => {
		const added: NodeExecutionHint[] = [];
		const requests = [create('image')];
		const results = [out({ job_id: 'a', status: 'queued', estimated_credits: 2 })];
		const ctx = { addExecutionHints: (...h: NodeExecutionHint[]) => added.push(...h) };
		addRunHints(ctx as unknown as IExecuteFunctions, requests, results);
		expect(added).toHaveLength(2);
		expect(() => addRunHints({} as IExecuteFunctions, requests, results)).not.toThrow();
	});
});
