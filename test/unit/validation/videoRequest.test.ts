import {
	checkVideoRequest,
	videoEstimate,
} from '../../../nodes/MediaGeneration/validation/videoRequest';
import { videoModels } from '../../../harness/fake-service/catalogue';

describe('video request checks', () => {
	const none = { start: 0, end: 0, refImages: 0, refVideos: 0, source: 0 };
	const odd = { ...videoModels[0], id: 'odd', durations: [5, 45], default_duration: 45 };
	test('durations outside 1 to 30 are refused even when a listing names them', () => {
		expect(() =>
			checkVideoRequest([odd], {
				prompt: 'x',
				mode: 'text',
				modelId: 'odd',
				resolution: '',
				aspectRatio: '',
				inputs: none,
			}),
		).toThrow(/Duration 45 s is not offered by odd; allowed \(seconds\): 5$/);
	});
	test('the default duration is priced and sent', () => {
		const plan = checkVideoRequest(videoModels, {
			prompt: 'x',
			mode: 'text',
			modelId: 'cinema-pro',
			resolution: '',
			aspectRatio: '',
			inputs: none,
		});
		expect(plan).toMatchObject({
			duration: 8,
			resolution: '1080p',
			creditsPerSecond: 4,
			followsSource: false,
		});
		expect(videoEstimate(plan)).toEqual({ credits: 32, seconds: 8, known: true });
	});
	test('output following the source: priced on the clip, or on 60 s when unknown', () => {
		const plan = checkVideoRequest(videoModels, {
			prompt: 'x',
			mode: 'video_to_video',
			modelId: 'restyle-v2v',
			resolution: '480p',
			aspectRatio: '',
			inputs: { ...none, source: 1 },
		});
		expect(plan.duration).toBeUndefined();
		expect(videoEstimate(plan, 4500)).toEqual({ credits: 6.75, seconds: 4.5, known: true });
		expect(videoEstimate(plan)).toEqual({ credits: 90, seconds: 60, known: false });
	});
});
