'use strict';
/**
 * Reference media by URL from hosts that fail, encode or redirect, or cut a transfer short, and
 * under Retry On Fail and Continue On Fail.
 */
const { count } = require('../support/media');
const { V3, useReferenceUrls } = require('../support/reference-urls');

const { ref, image, video, url, hostedSha, lastBody, fetchesOf, sent } = useReferenceUrls();

describe('reference media by URL', () => {
	test('a host that fails, a file that is gone, a host that cannot be reached: each named', async () => {
		const before = sent();
		for (const [link, why] of [
			[url('unavailable.png'), /answered 503/],
			[url('gone.png'), /answered 404/],
			['http://127.0.0.1:9/frame.png', /refused the connection/],
		]) {
			const { error } = await image({
				prompt: 'Like @Image 1',
				model: 'flux-pro',
				referenceImageUrls: link,
			});
			expect(error.message).toContain(link);
			expect(error.message).toMatch(why);
		}
		expect(sent()).toEqual(before);
	});

	test('a gzip-encoded file is stored decoded; a redirect is followed', async () => {
		for (const name of ['packed.png', 'moved.png']) {
			const { error } = await image({
				prompt: 'Like @Image 1',
				model: 'flux-pro',
				referenceImageUrls: url(name),
				waitForCompletion: false,
			});
			expect(error).toBeUndefined();
			const [id] = lastBody('POST /image').reference_image_ids;
			expect(ref.svc.state.images.get(id).sha256).toBe(hostedSha('frame.png'));
		}
		expect(fetchesOf('moved.png').at(-1).status).toBe(302);
	});

	test('a transfer cut off halfway is tried again, then named; nothing uploaded', async () => {
		const before = sent();
		const tries = fetchesOf('cut.mp4').length;
		const { error } = await video(
			{
				mode: 'references',
				prompt: 'Moving like @Video 1',
				model: 'cinema-pro',
				referenceVideoUrls: url('cut.mp4'),
			},
			V3,
		);
		expect(error.message).toContain(`Reference Video URLs: ${url('cut.mp4')}`);
		expect(error.message).toMatch(/cut off|closed/);
		expect(fetchesOf('cut.mp4').length - tries).toBe(3);
		expect(sent()).toEqual(before);
	});

	test('Retry On Fail: a file fetched and uploaded by the first try is not uploaded again', async () => {
		const link = `${url('frame.png')}?signature=abc`;
		const items = [{ json: { link } }, { json: { link: url('page.png') } }];
		const uploads = count(ref.svc, 'POST /image/upload');
		const { error } = await image(
			{ prompt: 'Like @Image 1', model: 'flux-pro', referenceImageUrls: '={{ $json.link }}' },
			{ items, extra: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 } },
		);
		expect(error.message).toContain(url('page.png'));
		expect(fetchesOf('page.png').length).toBeGreaterThanOrEqual(3);
		expect(count(ref.svc, 'POST /image/upload') - uploads).toBe(1);
	});

	test('Continue On Fail: the item with a bad URL fails alone; the others get their jobs', async () => {
		const items = [
			{ json: { link: url('frame.png') } },
			{ json: { link: url('page.png') } },
			{ json: { link: url('end.png') } },
		];
		const { items: out } = await image(
			{
				prompt: 'Like @Image 1',
				model: 'flux-pro',
				referenceImageUrls: '={{ $json.link }}',
				waitForCompletion: false,
			},
			{ items, extra: { continueOnFail: true } },
		);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.job_id).toEqual(expect.any(String));
		expect(out[1].json.error).toContain(url('page.png'));
		expect(out[1].json.job_id).toBeUndefined();
		expect(out[2].json.job_id).toEqual(expect.any(String));
	});
});
