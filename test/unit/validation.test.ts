import { checkImageRequest } from '../../nodes/MediaGeneration/validation/imageRequest';
import { checkCredits } from '../../nodes/MediaGeneration/validation/credits';
import {
	referencedNumbers,
	checkPromptReferences,
} from '../../nodes/MediaGeneration/validation/promptReferences';
import { parseList, parseIdList } from '../../nodes/MediaGeneration/validation/ids';
import {
	checkVideoRequest,
	videoEstimate,
} from '../../nodes/MediaGeneration/validation/videoRequest';
import {
	parseScript,
	expectedAudioMinutes,
	conversationWaitMinutes,
	musicSpec,
} from '../../nodes/MediaGeneration/validation/podcastRequest';
import { imageModels, videoModels } from '../fake-service/catalogue';

const base = {
	prompt: 'A cat',
	modelId: 'flux-pro',
	resolution: '',
	aspectRatio: '',
	numberOfImages: 1,
	referenceCount: 0,
};

describe('image request checks', () => {
	test('prices the default resolution when none is chosen', () => {
		expect(checkImageRequest(imageModels, { ...base, numberOfImages: 3 })).toMatchObject({
			resolution: '1080p',
			creditsPerImage: 6,
			estimatedCredits: 18,
		});
	});
	test('accepts references up to the model maximum', () => {
		expect(() =>
			checkImageRequest(imageModels, { ...base, referenceCount: 4, prompt: '@Image 4' }),
		).not.toThrow();
		expect(() => checkImageRequest(imageModels, { ...base, referenceCount: 5 })).toThrow(
			/at most 4/,
		);
	});
	test.each([0, 5, 1.5, NaN])('number of images %p is refused', (n) => {
		expect(() => checkImageRequest(imageModels, { ...base, numberOfImages: n })).toThrow(
			/from 1 to 4/,
		);
	});
	test('credit guard: 0 means no limit', () => {
		expect(() => checkCredits(1000, 0, 'x')).not.toThrow();
		expect(() => checkCredits(10, 10, 'x')).not.toThrow();
		expect(() => checkCredits(11, 10, 'x')).toThrow(
			/estimated 11 credits \(x\), above Max Credits \(10\)/,
		);
	});
});

describe('prompt references', () => {
	test('finds @Image N however it is spaced or cased', () => {
		expect(referencedNumbers('@Image 2 and @image3, again @Image 2', 'Image')).toEqual([2, 3]);
		expect(referencedNumbers('@Video 1', 'Image')).toEqual([]);
	});
	test('@Image 0 never matches an input', () => {
		expect(() => checkPromptReferences('@Image 0', 'Image', 2, 'reference images')).toThrow(
			/@Image 0/,
		);
	});
});

describe('lists of ids and fields', () => {
	test('commas, newlines and arrays', () => {
		expect(parseList(' a, b\nc ,, ')).toEqual(['a', 'b', 'c']);
		expect(parseList(['x', ' y '])).toEqual(['x', 'y']);
		expect(parseList(undefined)).toEqual([]);
	});
	test('ids must be UUIDs', () => {
		expect(parseIdList('3FA85F64-5717-4562-B3FC-2C963F66AFA6', 'F')).toHaveLength(1);
		expect(() => parseIdList('abc', 'Start Frame')).toThrow(/Start Frame: "abc" is not an ID/);
	});
});

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

describe('podcast request checks', () => {
	test('a script as text, as data, or wrapped in {script}', () => {
		const seg = [{ text: ' Hi ', voice_id: 'v1' }];
		expect(parseScript(JSON.stringify(seg), 'S')).toEqual([{ text: 'Hi', voice_id: 'v1' }]);
		expect(parseScript({ script: seg }, 'S')).toEqual([{ text: 'Hi', voice_id: 'v1' }]);
		expect(() => parseScript([{ text: 'x', voice_id: 3 }], 'S')).toThrow(
			/S, segment 1: Voice ID must be text, not the number 3/,
		);
	});
	test('conversations wait at least a minute per minute of audio, and never under an hour', () => {
		const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
		expect(expectedAudioMinutes({ script: [{ text: words(3000), voice_id: 'a' }] })).toBe(20);
		expect(expectedAudioMinutes({ prompt: 'A 45-minute deep dive' })).toBe(45);
		expect(expectedAudioMinutes({ prompt: 'A deep dive' })).toBeUndefined();
		expect(conversationWaitMinutes(undefined)).toBe(60);
		expect(conversationWaitMinutes(45)).toBe(100);
		expect(conversationWaitMinutes(45)).toBeGreaterThanOrEqual(45);
	});
	test('music: playback end 0 means "to the end", and is not sent', () => {
		expect(
			musicSpec({
				musicId: 'm',
				volume: 0.05,
				fadeInMs: 0,
				fadeOutMs: 0,
				playbackStartMs: 0,
				playbackEndMs: 0,
				loop: false,
			}),
		).toEqual({
			music_id: 'm',
			volume: 0.05,
			fade_in_ms: 0,
			fade_out_ms: 0,
			playback_start: 0,
			loop: false,
		});
	});
});
