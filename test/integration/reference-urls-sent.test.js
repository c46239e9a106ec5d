'use strict';
/**
 * Reference media given by URL: the node fetches each file from its host (without the API key),
 * checks it as it checks downloads (type from the bytes, the whole length, the upload limits),
 * uploads it, and sends the ids. A URL that fails is named in the error before any job exists.
 */
const { FAST } = require('../support/media');
const { V3, model, useReferenceUrls } = require('../support/reference-urls');

const { ref, image, video, url, hostedSha, lastBody, fetchesOf } = useReferenceUrls();

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
});
