'use strict';
/**
 * Reference media given by URL: the node fetches each file from its host (without the API key),
 * checks it as it checks downloads (type from the bytes, the whole length, the upload limits),
 * uploads it, and sends the ids. A URL that fails is named in the error before any job exists.
 */
const { createHash } = require('node:crypto');
const { useFakeService } = require('../support/fake');
const { runner, FAST, count } = require('../support/media');
const { ENDLESS_BYTES } = require('../../harness/fake-service/hosted');

const ref = useFakeService({ timing: { queueMs: 20, imageMs: 150, videoMs: 250 } });
const image = runner(ref, 'image');
const video = runner(ref, 'video');
const url = (name) => ref.svc.hostedUrl(name);
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hostedSha = (name) => sha256(ref.svc.hosted.get(name).body);
const lastBody = (route) => ref.svc.state.requests.filter((r) => r.route === route).at(-1)?.body;
const fetchesOf = (name) => ref.svc.hosted.requests.filter((r) => r.name === name);
/** what the API saw, to show that nothing was uploaded or created */
const sent = () => ({
	uploads: count(ref.svc, 'POST /image/upload') + count(ref.svc, 'POST /video/upload'),
	creates: count(ref.svc, 'POST /image') + count(ref.svc, 'POST /video'),
});
const V3 = { extra: { typeVersion: 3 } };
const model = (value) => ({ __rl: true, mode: 'list', value });

describe('reference media by URL', () => {
	test('Image > Generate: a reference image URL is fetched, uploaded and sent after the IDs', async () => {
		const { items, error } = await image(
			{
				prompt: 'Keep the skyline of @Image 1',
				model: 'flux-pro',
				referenceImageUrls: url('frame.png'),
				waitForCompletion: false,
			},
			{},
		);
		expect(error).toBeUndefined();
		const [id] = lastBody('POST /image').reference_image_ids;
		expect(items[0].json.reference_image_ids).toEqual([id]);
		const uploaded = ref.svc.state.images.get(id);
		expect(uploaded).toMatchObject({ source: 'upload', width: 1280, height: 720 });
		expect(uploaded.sha256).toBe(hostedSha('frame.png'));
	});

	test('the file host never receives the API key', async () => {
		await image({
			prompt: 'A skyline like @Image 1',
			model: 'flux-pro',
			referenceImageUrls: url('frame.png'),
			waitForCompletion: false,
		});
		const fetches = fetchesOf('frame.png');
		expect(fetches.length).toBeGreaterThan(0);
		for (const f of fetches) {
			expect(Object.keys(f.headers).map((h) => h.toLowerCase())).not.toContain('x-api-key');
			expect(JSON.stringify(f.headers)).not.toContain('test-key-alice');
		}
	});

	test('Video > Generate, frames: start and end frames by URL, in their places', async () => {
		const { items, error } = await video(
			{
				mode: 'frames',
				prompt: 'From dawn to night',
				model: model('motion-fast'),
				startFrameUrl: url('frame.png'),
				endFrameUrl: url('end.png'),
				options: FAST,
			},
			V3,
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('succeeded');
		const body = lastBody('POST /video');
		expect(ref.svc.state.images.get(body.start_frame_image_id).sha256).toBe(hostedSha('frame.png'));
		expect(ref.svc.state.images.get(body.end_frame_image_id).sha256).toBe(hostedSha('end.png'));
	});

	test('Video > Generate, references: image and video URLs, numbered after the IDs and binary fields', async () => {
		const { error } = await video(
			{
				mode: 'references',
				prompt: 'The subject of @Image 1 moving like @Video 1',
				model: 'cinema-pro',
				referenceImageUrls: [url('frame.png')],
				referenceVideoUrls: url('clip.mp4'),
				waitForCompletion: false,
			},
			V3,
		);
		expect(error).toBeUndefined();
		const body = lastBody('POST /video');
		expect(body.reference_image_ids).toHaveLength(1);
		const [clip] = body.reference_video_ids;
		expect(ref.svc.state.videos.get(clip)).toMatchObject({ durationMs: 4000 });
		expect(ref.svc.state.videos.get(clip).sha256).toBe(hostedSha('clip.mp4'));
	});

	test('Video > Generate, video to video: the source clip by URL; the estimate uses its length', async () => {
		const { items, error } = await video(
			{
				mode: 'video_to_video',
				prompt: 'Restyle as a watercolour',
				model: 'restyle-v2v',
				resolution: '720p',
				sourceVideoUrl: url('clip.mp4'),
				waitForCompletion: false,
			},
			V3,
		);
		expect(error).toBeUndefined();
		// 3 credits per second at 720p for the 4 s the clip lasts
		expect(items[0].json.estimated_credits).toBe(12);
		expect(ref.svc.state.videos.get(lastBody('POST /video').source_video_id).durationMs).toBe(4000);
	});

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
