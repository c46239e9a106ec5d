'use strict';
const { useFakeService } = require('../support/fake');
const { now } = require('../../harness/clock');
const { imageRunner, FAST, count } = require('../support/image');
const { binaryItem } = require('../support/media');
const { nodeInstance } = require('../support/built-node');

// jobs that each take about 2 s on the service
const ref = useFakeService({ timing: { queueMs: 100, imageMs: 2000 } });
const run = imageRunner(ref);
const prompts = Array.from({ length: 10 }, (_, i) => `Poster number ${i}`);
const items = prompts.map((p) => ({ json: { p } }));

/** Runs the node on `input` with its reads of Prompt timed: the result, and when each read came. */
async function timingPromptReads(input) {
	const readAt = [];
	const execute = nodeInstance.execute;
	nodeInstance.execute = async function () {
		const read = this.getNodeParameter.bind(this);
		this.getNodeParameter = (name, ...rest) => {
			if (name === 'prompt') readAt.push(now());
			return read(name, ...rest);
		};
		return await execute.call(this);
	};
	try {
		const result = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			{ items: input },
		);
		return { result, readAt };
	} finally {
		nodeInstance.execute = execute;
	}
}

describe('the engine runs a batch of items together', () => {
	test('10 items: jobs overlap on the service, outputs come back in input order with pairedItem', async () => {
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
			{ items },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		// each output belongs to the job created from its own item's prompt
		out.forEach((o, i) => expect(ref.svc.state.jobs.get(o.json.job_id).prompt).toBe(prompts[i]));
		out.forEach((o) => expect(o.binary.data.mimeType).toBe('image/png'));
		// the service's own record: every job was created before any of them ended
		const jobs = ref.svc.state.jobsOf('image');
		expect(jobs).toHaveLength(10);
		const lastCreated = Math.max(...jobs.map((j) => j.createdAt));
		const firstEnded = Math.min(...jobs.map((j) => j.endsAt));
		expect(lastCreated).toBeLessThan(firstEnded);
		// and each job was created once
		const creates = ref.svc.state.requests.filter((r) => r.route === 'POST /image');
		expect(creates).toHaveLength(10);
	});

	test("the model listing is asked for before the first item's fields are read, once", async () => {
		// the node's calls to n8n, in order: reading the items' fields costs CPU time (expressions),
		// during which the listing's answer is on its way
		const calls = [];
		const listingsBefore = count(ref.svc, 'GET /image/models');
		const execute = nodeInstance.execute;
		nodeInstance.execute = async function () {
			const read = this.getNodeParameter.bind(this);
			const credentials = this.getCredentials.bind(this);
			this.getNodeParameter = (name, ...rest) => {
				calls.push(`read ${name}`);
				return read(name, ...rest);
			};
			this.getCredentials = async (...args) => {
				calls.push('credentials');
				return await credentials(...args);
			};
			return await execute.call(this);
		};
		let result;
		try {
			result = await run(
				{ prompt: '={{ $json.p }}', model: 'sketch-lite', options: FAST },
				{ items: items.slice(0, 3) },
			);
		} finally {
			nodeInstance.execute = execute;
		}
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(calls.indexOf('credentials')).toBeGreaterThanOrEqual(0);
		expect(calls.indexOf('credentials')).toBeLessThan(calls.indexOf('read prompt'));
		expect(count(ref.svc, 'GET /image/models') - listingsBefore).toBe(1);
	});

	test('while a slow model listing is on its way, every item is read, not four at a time behind it', async () => {
		ref.svc.faults.add({ route: 'GET /image/models', kind: 'slow', delayMs: 400 });
		const { result, readAt } = await timingPromptReads(items);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(10);
		const listing = ref.svc.state.requests.filter((r) => r.route === 'GET /image/models').at(-1);
		expect(readAt).toHaveLength(10);
		// the listing was answered 400 ms after it came in: all ten items had been read by then
		expect(Math.max(...readAt)).toBeLessThan(listing.time + 400);
	});

	test('a batch of more than 64 items is read four items at a time, every item out once, in order', async () => {
		ref.svc.faults.add({ route: 'GET /image/models', kind: 'slow', delayMs: 400 });
		const many = Array.from({ length: 70 }, (_, i) => ({ json: { p: `Poster ${i}` } }));
		const createsBefore = count(ref.svc, 'POST /image');
		const { result, readAt } = await timingPromptReads(many);
		expect(result.error).toBeUndefined();
		expect(result.items.map((o) => o.pairedItem.item)).toEqual(many.map((_, i) => i));
		expect(count(ref.svc, 'POST /image') - createsBefore).toBe(70);
		const listing = ref.svc.state.requests.filter((r) => r.route === 'GET /image/models').at(-1);
		// four items read, then each waits for its check: the rest only once the listing is back
		expect(readAt.filter((t) => t < listing.time + 400)).toHaveLength(4);
	});

	test('reference files of many items: uploaded side by side, at most four items at a time', async () => {
		ref.svc.faults.add({ route: 'POST /image/upload', kind: 'slow', delayMs: 150, times: 8 });
		ref.svc.resetPeaks();
		const uploadsBefore = count(ref.svc, 'POST /image/upload');
		const { items: out, error } = await run(
			{ prompt: '={{ $json.p }}', model: 'flux-pro', referenceImageFields: 'logo', options: FAST },
			{ items: prompts.slice(0, 8).map((p) => binaryItem({ logo: 'png' }, { p })) },
		);
		expect(error).toBeUndefined();
		expect(out.map((o) => o.pairedItem.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		expect(count(ref.svc, 'POST /image/upload') - uploadsBefore).toBe(8);
		expect(ref.svc.peakInFlight.upload).toBeGreaterThan(1);
		expect(ref.svc.peakInFlight.upload).toBeLessThanOrEqual(4);
		// each job names the file its own item uploaded
		out.forEach((o) => expect(o.json.reference_image_ids).toHaveLength(1));
		expect(new Set(out.map((o) => o.json.reference_image_ids[0])).size).toBe(8);
	});
});
