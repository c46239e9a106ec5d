'use strict';
const { useFakeService } = require('../../support/fake');
const { sniffImage, sniffVideo } = require('../media/sniff');
const { HUGE_BYTES } = require('../hosted');

const ref = useFakeService();
const get = async (name) => {
	const res = await fetch(ref.svc.hostedUrl(name));
	return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe('fake service: reference files hosted on the web', () => {
	test('served from the files origin, not the API origin', () => {
		expect(ref.svc.hostedUrl('frame.png').startsWith(`${ref.svc.filesOrigin}/hosted/`)).toBe(true);
		expect(new URL(ref.svc.hostedUrl('x')).host).not.toBe(new URL(ref.svc.apiUrl).host);
	});

	test('a PNG and an MP4 that uploads accept, and a clip over 60 s', async () => {
		const png = await get('frame.png');
		expect(png.res.headers.get('content-length')).toBe(String(png.body.length));
		expect(sniffImage(png.body)).toEqual({ type: 'png', width: 1280, height: 720 });
		expect(sniffVideo((await get('clip.mp4')).body)).toMatchObject({ durationMs: 4000 });
		expect(sniffVideo((await get('long.mp4')).body)).toMatchObject({ durationMs: 75000 });
	});

	test('the wrong type: an HTML page served as image/png', async () => {
		const { res, body } = await get('page.png');
		expect(res.headers.get('content-type')).toBe('image/png');
		expect(body.toString()).toMatch(/^<!doctype html>/);
		expect(sniffImage(body)).toBeUndefined();
	});

	test('a PNG over 20 MB, with and without its length', async () => {
		for (const name of ['huge.png', 'huge-unsized.png']) {
			const { res, body } = await get(name);
			expect(res.headers.get('content-length')).toBe(
				name === 'huge.png' ? String(HUGE_BYTES) : null,
			);
			expect(body.length).toBe(HUGE_BYTES);
			expect(body.subarray(1, 4).toString()).toBe('PNG');
		}
	});

	test('a host that fails, a file that is gone, and files a test adds', async () => {
		expect((await get('unavailable.png')).res.status).toBe(503);
		expect((await get('gone.png')).res.status).toBe(404);
		expect((await get('nothing-here.png')).res.status).toBe(404);
		ref.svc.hosted.set('mine.txt', { type: 'text/plain', body: Buffer.from('hello') });
		expect((await get('mine.txt')).body.toString()).toBe('hello');
		const names = ref.svc.hosted.requests.map((r) => r.name);
		expect(names).toEqual(expect.arrayContaining(['unavailable.png', 'mine.txt']));
	});
});
