/** Video requests checked against the model listing: models, modes, their inputs, and prices. */
import {
	checkVideoRequest,
	videoEstimate,
	type VideoRequestInput,
} from '../../../nodes/MediaGeneration/validation/videoRequest';
import { videoModels } from '../../../harness/fake-service/catalogue';

describe('a video request against the listing', () => {
	const none = { start: 0, end: 0, refImages: 0, refVideos: 0, source: 0 };
	const request = (o: Partial<VideoRequestInput> = {}): VideoRequestInput => ({
		prompt: 'A wave',
		mode: 'text',
		modelId: 'cinema-pro',
		resolution: '',
		aspectRatio: '',
		inputs: none,
		...o,
	});
	const check = (o: Partial<VideoRequestInput>) => () => checkVideoRequest(videoModels, request(o));
	const cinema = videoModels.find((m) => m.id === 'cinema-pro')!;

	test('an empty prompt or a model not in the video listing is refused', () => {
		expect(check({ prompt: ' \n' })).toThrow(/^Prompt is empty/);
		expect(check({ modelId: 'flux-pro' })).toThrow(
			/^Model "flux-pro" is not in the video model listing; available: motion-fast, cinema-pro, restyle-v2v$/,
		);
	});

	test('a mode that is not a video mode is refused with the modes there are', () => {
		expect(check({ mode: 'audio' })).toThrow(
			/^Mode "audio" is not a video mode; allowed: text, image, frames, references, video_to_video$/,
		);
	});

	test('a model that does not do the mode is refused, naming its modes and the models that do', () => {
		expect(check({ modelId: 'motion-fast', mode: 'references' })).toThrow(
			/^Model motion-fast does not do references mode \(it does: text, image, frames\); models for references: cinema-pro, restyle-v2v$/,
		);
	});

	test("the chosen resolution is checked and priced at its tier; an unknown one lists the model's", () => {
		const plan = checkVideoRequest(videoModels, request({ resolution: '4k' }));
		const tier = cinema.resolutions.find((t) => t.resolution === '4k')!;
		expect(plan).toMatchObject({ resolution: '4k', creditsPerSecond: tier.credits_per_second });
		expect(check({ resolution: '480p' })).toThrow(
			/^Resolution "480p" is not offered by cinema-pro; allowed: 720p, 1080p, 4k$/,
		);
	});

	test('an aspect ratio the model lacks is refused', () => {
		expect(check({ aspectRatio: '1:1' })).toThrow(
			/^Aspect Ratio "1:1" is not offered by cinema-pro/,
		);
		expect(checkVideoRequest(videoModels, request({ aspectRatio: '9:16' })).model).toBe(cinema);
	});

	test('a duration must be a whole number of seconds the model offers', () => {
		expect(checkVideoRequest(videoModels, request({ duration: 15 })).duration).toBe(15);
		expect(check({ duration: 7 })).toThrow(
			/^Duration 7 s is not offered by cinema-pro; allowed \(seconds\): 5, 8, 10, 15$/,
		);
		expect(check({ duration: 7.5 })).toThrow(/^Duration 7.5 s/);
	});

	test('durations from 1 to 30 seconds are offered, both ends included', () => {
		const wide = { ...cinema, id: 'wide', durations: [0, 1, 30, 31] };
		const plan = (duration: number) => () =>
			checkVideoRequest([wide], request({ modelId: 'wide', duration }));
		expect(plan(1)().duration).toBe(1);
		expect(plan(30)().duration).toBe(30);
		for (const bad of [0, 31]) expect(plan(bad)).toThrow(/allowed \(seconds\): 1, 30$/);
	});

	test('an output that follows its source clip takes no duration; other modes of that model do', () => {
		const v2v = checkVideoRequest(
			videoModels,
			request({
				modelId: 'restyle-v2v',
				mode: 'video_to_video',
				duration: 7,
				inputs: { ...none, source: 1 },
			}),
		);
		expect(v2v).toMatchObject({ followsSource: true, duration: undefined });
		const refs = checkVideoRequest(
			videoModels,
			request({ modelId: 'restyle-v2v', mode: 'references', inputs: { ...none, refImages: 1 } }),
		);
		expect(refs).toMatchObject({ followsSource: false, duration: 5 });
	});

	test('each mode needs its inputs, and the message names them', () => {
		expect(check({ mode: 'text' })).not.toThrow();
		expect(check({ inputs: { ...none, end: 1 }, mode: 'frames' })).toThrow(
			/^End Frame needs a Start Frame/,
		);
		expect(check({ mode: 'image' })).toThrow('Mode "image" needs a Start Frame');
		expect(check({ mode: 'image', inputs: { ...none, start: 2 } })).toThrow(
			'Mode "image" needs a Start Frame',
		);
		expect(check({ mode: 'image', inputs: { ...none, start: 1 } })).not.toThrow();
		expect(check({ mode: 'frames', inputs: { ...none, start: 1 } })).toThrow(
			'Mode "frames" needs a Start Frame and an End Frame',
		);
		expect(check({ mode: 'frames', inputs: { ...none, start: 1, end: 1 } })).not.toThrow();
		expect(check({ mode: 'frames', inputs: { ...none, start: 2, end: 1 } })).toThrow(
			'Mode "frames" needs a Start Frame and an End Frame',
		);
		expect(check({ mode: 'references' })).toThrow(
			'Mode "references" needs at least one reference image or reference video',
		);
		expect(check({ mode: 'references', inputs: { ...none, refVideos: 1 } })).not.toThrow();
		const v2v = { modelId: 'restyle-v2v', mode: 'video_to_video' };
		expect(check(v2v)).toThrow('Mode "video_to_video" needs a Source Video');
	});

	test('references: at most as many as the model takes, none where its listing allows none', () => {
		const refs = (inputs: Partial<typeof none>, modelId = 'cinema-pro') =>
			check({ mode: 'references', modelId, inputs: { ...none, ...inputs } });
		expect(refs({ refImages: 3, refVideos: 2 })).not.toThrow();
		expect(refs({ refImages: 4 })).toThrow(
			/^Reference images: 4 given, but cinema-pro takes at most 3$/,
		);
		expect(refs({ refImages: 1, refVideos: 3 })).toThrow(
			/^Reference videos: 3 given, but cinema-pro takes at most 2$/,
		);
		expect(refs({ refImages: 1, refVideos: 1 }, 'restyle-v2v')).toThrow(
			/^Reference videos: restyle-v2v takes no reference videos/,
		);
		const unlisted = { ...cinema, id: 'unlisted', max_reference_videos: undefined };
		expect(() =>
			checkVideoRequest(
				[unlisted],
				request({ modelId: 'unlisted', mode: 'references', inputs: { ...none, refVideos: 1 } }),
			),
		).toThrow(/^Reference videos: unlisted takes no reference videos/);
		const zero = { ...cinema, id: 'zero', max_reference_images: 0 };
		expect(() =>
			checkVideoRequest(
				[zero],
				request({ modelId: 'zero', mode: 'references', inputs: { ...none, refImages: 1 } }),
			),
		).toThrow(/^Reference images: zero takes no reference images/);
	});

	test('@Image N counts start, end and reference images; @Video N reference videos and the source', () => {
		const frames = { mode: 'frames', inputs: { ...none, start: 1, end: 1 } };
		expect(check({ ...frames, prompt: 'from @Image 1 to @Image 2' })).not.toThrow();
		expect(check({ ...frames, prompt: '@Image 3' })).toThrow(
			/^Prompt refers to @Image 3, but only 2 image inputs are given/,
		);
		const refs = { mode: 'references', inputs: { ...none, refImages: 1, refVideos: 2 } };
		expect(check({ ...refs, prompt: '@Image 1 moves like @Video 2' })).not.toThrow();
		expect(check({ ...refs, prompt: '@Video 3' })).toThrow(
			/^Prompt refers to @Video 3, but only 2 video inputs are given/,
		);
		const v2v = { modelId: 'restyle-v2v', mode: 'video_to_video', inputs: { ...none, source: 1 } };
		expect(check({ ...v2v, prompt: 'restyle @Video 1' })).not.toThrow();
	});

	test('a price is rounded to the hundredth of a credit', () => {
		const plan = checkVideoRequest(
			videoModels,
			request({
				modelId: 'restyle-v2v',
				mode: 'video_to_video',
				resolution: '480p',
				inputs: { ...none, source: 1 },
			}),
		);
		expect(videoEstimate(plan, 3333).credits).toBe(5);
		expect(videoEstimate(plan, 3330).credits).toBe(5);
		expect(videoEstimate(plan, 1).credits).toBe(0);
	});
});
