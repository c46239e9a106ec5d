'use strict';
const { useFakeService, api, uploadForm } = require('../../support/fake');
const { writePng } = require('../media/png');
const { writeMp4 } = require('../media/mp4');

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
