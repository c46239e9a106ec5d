'use strict';
/**
 * Reference media by URL that the node refuses before any job exists, naming the URL or field:
 * a file that is not the media, over the upload limits, not http(s), or given twice.
 */
const { ENDLESS_BYTES } = require('../../harness/fake-service/hosted');
const { count } = require('../support/media');
const { V3, useReferenceUrls } = require('../support/reference-urls');

const { ref, image, video, url, fetchesOf, sent } = useReferenceUrls();

describe('reference media by URL', () => {
	test('a page instead of an image: refused by its bytes, naming the URL; nothing uploaded or created', async () => {
		const before = sent();
		const { error } = await image({
			prompt: 'Like @Image 1',
			model: 'flux-pro',
			referenceImageUrls: url('page.png'),
		});
		expect(error.message).toContain(url('page.png'));
		expect(error.message).toMatch(/an HTML page .*not a PNG, JPEG or WebP image/);
		expect(sent()).toEqual(before);
	});

	test('a file over the upload limit: refused by its stated length', async () => {
		const before = sent();
		const { error } = await image({
			prompt: 'Like @Image 1',
			model: 'flux-pro',
			referenceImageUrls: url('huge.png'),
		});
		expect(error.message).toContain(url('huge.png'));
		expect(error.message).toMatch(/is 21\.0 MB; image uploads may be at most 20 MB/);
		expect(sent()).toEqual(before);
	});

	test('a file over the limit with no stated length: reading stops at the limit', async () => {
		const before = sent();
		const { error } = await image({
			prompt: 'Like @Image 1',
			model: 'flux-pro',
			referenceImageUrls: url('huge-unsized.png'),
		});
		expect(error.message).toContain(url('huge-unsized.png'));
		expect(error.message).toMatch(/is more than 20 MB; image uploads may be at most 20 MB/);
		expect(sent()).toEqual(before);
		// the host streams 200 MB; the node stopped near the limit (socket buffers aside)
		expect(fetchesOf('huge-unsized.png').at(-1).bytesSent).toBeLessThan(ENDLESS_BYTES / 4);
	});

	test('a clip over 60 s: refused, naming the URL, before the video job', async () => {
		const before = count(ref.svc, 'POST /video');
		const { error } = await video(
			{
				mode: 'video_to_video',
				prompt: 'Restyle',
				model: 'restyle-v2v',
				sourceVideoUrl: url('long.mp4'),
			},
			V3,
		);
		expect(error.message).toContain(url('long.mp4'));
		expect(error.message).toMatch(/75(\.0)? s/);
		expect(count(ref.svc, 'POST /video')).toBe(before);
	});

	test('a URL that is not http(s) is refused before anything is fetched, naming the field', async () => {
		const fetches = ref.svc.hosted.requests.length;
		const { error } = await image({
			prompt: 'Like @Image 1',
			model: 'flux-pro',
			referenceImageUrls: `${url('frame.png')}, ftp://files.example.com/a.png`,
		});
		expect(error.message).toMatch(/Reference Image URLs.*ftp:\/\/files\.example\.com\/a\.png/);
		expect(error.message).toMatch(/http/);
		expect(ref.svc.hosted.requests.length).toBe(fetches);
	});

	test('an ID and a URL for one frame is refused: one input, one source', async () => {
		const { error } = await video(
			{
				mode: 'image',
				prompt: 'Animate @Image 1',
				model: 'motion-fast',
				startFrameId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				startFrameUrl: url('frame.png'),
			},
			V3,
		);
		expect(error.message).toMatch(/Start Frame: give one start frame/);
	});
});
