import { withTries, type TryResult } from '../../../nodes/MediaGeneration/transport/tries';

/** A loop whose tries answer in turn from `results`, recording what it did. */
function scripted(results: Array<TryResult<string>>, limit: number) {
	const log: string[] = [];
	const run = withTries<string>({
		limit,
		attempt: async (attempt) => {
			log.push(`try ${attempt}`);
			return results[attempt - 1] ?? { ok: false, again: true };
		},
		waitAfter: async (failed) => {
			log.push(`wait ${failed}`);
		},
	});
	return { run, log };
}

const fails = { ok: false, again: true } as const;

/** The one retry loop behind requests and downloads. */
describe('withTries', () => {
	test('the first success ends it, with a wait after every failed try', async () => {
		const { run, log } = scripted([fails, fails, { ok: true, value: 'file' }], 5);
		expect(await run).toEqual({ value: 'file' });
		expect(log).toEqual(['try 1', 'wait 1', 'try 2', 'wait 2', 'try 3']);
	});

	test('a failure no try can answer ends it at once', async () => {
		const { run, log } = scripted([fails, { ok: false, again: false }], 5);
		expect(await run).toBeUndefined();
		expect(log).toEqual(['try 1', 'wait 1', 'try 2']);
	});

	test('it stops after `limit` failed tries', async () => {
		const { run, log } = scripted([], 3);
		expect(await run).toBeUndefined();
		expect(log).toEqual(['try 1', 'wait 1', 'try 2', 'wait 2', 'try 3']);
	});

	test('a try that uses up no try (a link replaced) is followed at once and not counted', async () => {
		const relinked = { ok: false, again: true, counts: false } as const;
		const { run, log } = scripted([relinked, relinked, fails, { ok: true, value: 'file' }], 2);
		expect(await run).toEqual({ value: 'file' });
		expect(log).toEqual(['try 1', 'try 2', 'try 3', 'wait 1', 'try 4']);
	});

	test('a wait that is cancelled ends it with the wait’s error', async () => {
		const run = withTries<string>({
			limit: 3,
			attempt: async () => fails,
			waitAfter: async () => {
				throw new Error('The execution was cancelled');
			},
		});
		await expect(run).rejects.toThrow('The execution was cancelled');
	});
});
