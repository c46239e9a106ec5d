'use strict';
const { useFakeService } = require('../support/fake');
const { sniffImage, sniffVideo } = require('../../harness/fake-service/media/sniff');
const { HUGE_BYTES, ENDLESS_BYTES } = require('../../harness/fake-service/hosted');

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

	test('a PNG over 20 MB with its length, and a far larger one without', async () => {
		const sized = await get('huge.png');
		expect(sized.res.headers.get('content-length')).toBe(String(HUGE_BYTES));
		expect(sized.body.length).toBe(HUGE_BYTES);
		expect(sized.body.subarray(1, 4).toString()).toBe('PNG');
		const res = await fetch(ref.svc.hostedUrl('huge-unsized.png'));
		expect(res.headers.get('content-length')).toBeNull();
		const reader = res.body.getReader();
		const first = await reader.read();
		expect(Buffer.from(first.value).subarray(1, 4).toString()).toBe('PNG');
		await reader.cancel();
		await new Promise((r) => setTimeout(r, 100));
		const sent = ref.svc.hosted.requests.at(-1).bytesSent;
		expect(sent).toBeLessThan(ENDLESS_BYTES);
	});

	test('a gzip-encoded copy, a redirect, and a transfer cut off halfway', async () => {
		const frame = ref.svc.hosted.get('frame.png').body;
		const packed = await get('packed.png');
		expect(packed.res.headers.get('content-encoding')).toBe('gzip');
		expect(packed.body.equals(frame)).toBe(true); // fetch decodes it
		const moved = await fetch(ref.svc.hostedUrl('moved.png'), { redirect: 'manual' });
		expect(moved.status).toBe(302);
		expect(moved.headers.get('location')).toBe('/hosted/frame.png');
		await expect(get('cut.mp4')).rejects.toThrow();
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
