'use strict';
const http = require('node:http');
const { useFakeService, api, uploadForm } = require('../support/fake');
const { writePng } = require('../../harness/fake-service/media/png');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');

const ref = useFakeService();
const up = (kind, buf, name, type) =>
	api(ref.svc, 'POST', `/${kind}/upload`, { form: uploadForm(kind, buf, name, type) });

const JPEG = Buffer.from([
	0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0,
	0, 17, 8, 0, 50, 0, 70, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9,
]);
const WEBP = (() => {
	const b = Buffer.alloc(30);
	b.write('RIFF', 0, 'latin1');
	b.writeUInt32LE(22, 4);
	b.write('WEBPVP8X', 8, 'latin1');
	b.writeUIntLE(99, 24, 3);
	b.writeUIntLE(49, 27, 3);
	return b;
})();

describe('fake service: uploads (spec 4.4, 4.8)', () => {
	test('PNG, JPEG and WebP are recognised by content, whatever their name', async () => {
		expect(
			(await up('image', writePng({ width: 40, height: 30 }), 'photo.txt', 'text/plain')).json,
		).toMatchObject({ width: 40, height: 30, image_id: expect.any(String) });
		expect((await up('image', JPEG, 'x.png')).json).toMatchObject({ width: 70, height: 50 });
		expect((await up('image', WEBP, 'x.bin')).json).toMatchObject({ width: 100, height: 50 });
	});

	test('anything else is 400; oversized dimensions are 400; over 20 MB is 413', async () => {
		expect((await up('image', Buffer.from('GIF89a........'), 'a.png', 'image/png')).status).toBe(
			400,
		);
		const huge = writePng({ width: 9000, height: 1 });
		expect((await up('image', huge)).json.detail).toMatch(/too large/);
		const big = writePng({ width: 4, height: 4, paddingBytes: 20 * 1024 * 1024 + 10 });
		expect((await up('image', big)).status).toBe(413);
	});

	test('MP4 and MOV give video_id, duration, size; no video stream or over 60 s is 400', async () => {
		const mp4 = await up(
			'video',
			writeMp4({ width: 320, height: 180, durationMs: 4000 }),
			'clip.bin',
		);
		expect(mp4.json).toMatchObject({
			duration_ms: 4000,
			width: 320,
			height: 180,
			video_id: expect.any(String),
		});
		const mov = await up(
			'video',
			writeMp4({ width: 160, height: 160, durationMs: 2000, brand: 'mov' }),
		);
		expect(mov.json).toMatchObject({ duration_ms: 2000, width: 160 });
		expect(
			(await up('video', writeMp4({ width: 16, height: 16, durationMs: 3000, videoTrack: false })))
				.json.detail,
		).toMatch(/no video stream/);
		expect(
			(await up('video', writeMp4({ width: 16, height: 16, durationMs: 61000 }))).json.detail,
		).toMatch(/60 s/);
		expect((await up('video', writePng({ width: 4, height: 4 }))).status).toBe(400);
	});

	test('over 100 MB is 413', async () => {
		const big = writeMp4({
			width: 16,
			height: 16,
			durationMs: 1000,
			paddingBytes: 100 * 1024 * 1024 + 1,
		});
		expect((await up('video', big)).status).toBe(413);
	});

	test('a missing file field is 422', async () => {
		const form = new FormData();
		form.append('other', 'x');
		expect((await api(ref.svc, 'POST', '/image/upload', { form })).status).toBe(422);
	});
});

/**
 * A raw multipart upload of `png` with `Expect: 100-continue`, as the node sends large files: the
 * body goes only once the service says 100 Continue. Resolves with the interim and final answers.
 */
function expectingUpload(svc, png, { bodyBytes } = {}) {
	const boundary = 'expect-boundary';
	const head = Buffer.from(
		`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	const body = Buffer.concat([head, png, tail]);
	return new Promise((resolve, reject) => {
		const url = new URL(`${svc.apiUrl}/image/upload`);
		const req = http.request(url, {
			method: 'POST',
			headers: {
				'X-API-KEY': 'test-key-alice',
				'Content-Type': `multipart/form-data; boundary=${boundary}`,
				'Content-Length': body.length,
				Expect: '100-continue',
			},
		});
		const seen = { continued: false };
		req.on('continue', () => {
			seen.continued = true;
			// a body shorter than its Content-Length: the client gives up on it midway
			if (bodyBytes !== undefined) {
				req.write(body.subarray(0, bodyBytes));
				setTimeout(() => req.destroy(), 50);
			} else req.end(body);
		});
		req.on('response', (res) => {
			let text = '';
			res.on('data', (d) => (text += d));
			res.on('end', () => resolve({ ...seen, status: res.statusCode, json: JSON.parse(text) }));
		});
		req.on('error', (error) =>
			bodyBytes !== undefined ? resolve({ ...seen, error }) : reject(error),
		);
	});
}

describe('fake service: uploads that ask Expect: 100-continue', () => {
	const png = writePng({ width: 12, height: 8, paddingBytes: 2 * 1024 * 1024 });

	test('it answers 100 Continue, then takes the body whole', async () => {
		const answer = await expectingUpload(ref.svc, png);
		expect(answer).toMatchObject({ continued: true, status: 200, json: { width: 12, height: 8 } });
	});

	test('an early refusal comes instead of 100 Continue, before any of the body is read', async () => {
		ref.svc.faults.add({ route: 'POST /image/upload', kind: 'early', status: 429, retryAfter: 1 });
		const answer = await expectingUpload(ref.svc, png);
		expect(answer).toMatchObject({ continued: false, status: 429 });
	});

	test('a body cut short of its Content-Length is never stored', async () => {
		const before = ref.svc.state.images.size;
		const answer = await expectingUpload(ref.svc, png, { bodyBytes: 1024 * 1024 });
		expect(answer.continued).toBe(true);
		expect(answer.status).toBeUndefined();
		expect(ref.svc.state.images.size).toBe(before);
	});
});
