import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import {
	isDryRun,
	readRunCost,
	runCostOptions,
} from '../../../../nodes/MediaGeneration/actions/cost/runOptions';
import { fakeContext } from '../../../support/fakeContext';

/** A run whose items carry these Options. */
const run = (...options: IDataObject[]) => fakeContext(options.map((o) => ({ options: o })));

describe("the run's cost options", () => {
	test('Dry Run is a yes/no option, off by default; Max Credits for the Run a number from 0, 0 (no limit) by default', () => {
		const byName = Object.fromEntries(runCostOptions.map((o) => [o.name, o]));
		expect(byName.dryRun).toMatchObject({
			displayName: 'Dry Run',
			type: 'boolean',
			default: false,
		});
		expect(byName.maxRunCredits).toMatchObject({
			displayName: 'Max Credits for the Run',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
		});
		for (const option of runCostOptions) expect(option.description).toMatch(/\w{4,}/);
	});

	test('nothing set: a real run without a limit', () => {
		expect(readRunCost(run({}))).toEqual({ dryRun: false, maxRunCredits: 0 });
		expect(readRunCost(fakeContext([]))).toEqual({ dryRun: false, maxRunCredits: 0 });
		expect(isDryRun(fakeContext([]))).toBe(false);
	});

	test('a run without items reads no parameters: there is no first item to read them from', () => {
		const asked: unknown[] = [];
		const ctx = Object.assign(fakeContext([]), {
			getNodeParameter: (...args: unknown[]) => {
				asked.push(args);
				throw new Error('n8n has no item 0 to read');
			},
		});
		expect(readRunCost(ctx)).toEqual({ dryRun: false, maxRunCredits: 0 });
		expect(asked).toEqual([]);
	});

	test('both are read from the first item, as settings of the whole run', () => {
		const ctx = run({ dryRun: true, maxRunCredits: 500 }, { dryRun: false, maxRunCredits: 1 });
		expect(readRunCost(ctx)).toEqual({ dryRun: true, maxRunCredits: 500 });
		expect(isDryRun(ctx)).toBe(true);
		expect(isDryRun(run({ dryRun: false }, { dryRun: true }))).toBe(false);
	});

	test('values from expressions: text that holds a number or a yes/no is read as one', () => {
		expect(readRunCost(run({ dryRun: 'true', maxRunCredits: ' 250 ' }))).toEqual({
			dryRun: true,
			maxRunCredits: 250,
		});
	});

	test('a bad value fails the whole run at its first item, naming the option', () => {
		const fails = (options: IDataObject, message: RegExp) => {
			let error: unknown;
			try {
				readRunCost(run(options, {}));
			} catch (e) {
				error = e;
			}
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as NodeOperationError).message).toMatch(message);
			expect((error as NodeOperationError).context.itemIndex).toBe(0);
		};
		fails(
			{ maxRunCredits: -1 },
			/^Max Credits for the Run must be 0 \(no limit\) or more, not -1$/,
		);
		fails(
			{ maxRunCredits: 'lots' },
			/^Max Credits for the Run must be a number, not the string lots$/,
		);
		fails({ dryRun: 'maybe' }, /^Dry Run must be true or false, not the string maybe$/);
	});
});
