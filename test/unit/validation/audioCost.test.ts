import {
	AUDIO_CREDITS_PER_MINUTE,
	audioEstimate,
	checkAudioCredits,
} from '../../../nodes/MediaGeneration/validation/audioCost';
import {
	audioLength,
	WORDS_PER_MINUTE,
} from '../../../nodes/MediaGeneration/validation/podcastRequest';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const script = (...counts: number[]) => counts.map((n) => ({ text: words(n), voice_id: 'v' }));

describe('audio length', () => {
	test("a script's words at about 150 a minute", () => {
		expect(WORDS_PER_MINUTE).toBe(150);
		expect(audioLength({ script: script(200, 100) })).toEqual({
			minutes: 2,
			basis: '300 words at 150 a minute',
		});
		expect(
			audioLength({ script: [{ text: '  many   spaces\nand lines ', voice_id: 'v' }] })?.minutes,
		).toBe(4 / 150);
	});

	test('the first length a prompt states, in hours, minutes or seconds', () => {
		const minutes = (prompt: string) => audioLength({ prompt })?.minutes;
		expect(minutes('A 5-minute chat')).toBe(5);
		expect(minutes('about 12 mins on bees, then 3 minutes of news')).toBe(12);
		expect(minutes('A 30-second radio ad')).toBe(0.5);
		expect(minutes('90 secs')).toBe(1.5);
		expect(minutes('A 1.5 hour audiobook chapter')).toBe(90);
		expect(minutes('2 hrs')).toBe(120);
		expect(audioLength({ prompt: 'A 5-minute chat' })?.basis).toBe(
			'the length the prompt states ("5-minute")',
		);
		expect(audioLength({ prompt: 'A story about 7 lighthouses' })).toBeUndefined();
		expect(audioLength({ prompt: '' })).toBeUndefined();
	});
});

describe('audio credits', () => {
	test('10 credits a minute, rounded up to a whole credit', () => {
		expect(AUDIO_CREDITS_PER_MINUTE).toBe(10);
		expect(checkAudioCredits({ minutes: 2, basis: 'b' }, 0)).toBe(20);
		expect(checkAudioCredits({ minutes: 160 / 150, basis: 'b' }, 0)).toBe(11);
		expect(checkAudioCredits({ minutes: 0.1 * 3, basis: 'b' }, 0)).toBe(3);
	});

	test('no length: no estimate, unless Max Credits asks for one', () => {
		expect(checkAudioCredits(undefined, 0)).toBeUndefined();
		expect(() => checkAudioCredits(undefined, 50)).toThrow(
			/Max Credits is set \(50\), but the prompt states no length.*"a 5-minute episode".*Max Credits to 0/,
		);
	});

	test('Max Credits: at the estimate it passes; below, the message says how the estimate was made', () => {
		const length = { minutes: 3, basis: '450 words at 150 a minute' };
		expect(checkAudioCredits(length, 30)).toBe(30);
		expect(() => checkAudioCredits(length, 29)).toThrow(
			'This item would cost an estimated 30 credits (10 credits per minute of audio × about 3 minutes: 450 words at 150 a minute), above Max Credits (29). Raise Max Credits or ask for shorter audio.',
		);
	});

	test('the estimate a dry run and the run limit read: its credits and how they were counted', () => {
		expect(audioEstimate({ minutes: 3, basis: '450 words at 150 a minute' })).toEqual({
			credits: 30,
			basis: '10 credits per minute of audio × about 3 minutes: 450 words at 150 a minute',
		});
		expect(audioEstimate(undefined)).toEqual({ basis: 'the prompt states no length' });
	});
});

describe('how an audio estimate was counted', () => {
	test('minutes to a tenth, one minute in the singular', () => {
		const basis = (minutes: number) => audioEstimate({ minutes, basis: 'b' }).basis;
		expect(basis(1)).toBe('10 credits per minute of audio × about 1 minute: b');
		expect(basis(1.04)).toMatch(/about 1 minute: b$/);
		expect(basis(1.06)).toMatch(/about 1.1 minutes: b$/);
		expect(basis(0.5)).toMatch(/about 0.5 minutes: b$/);
	});

	test('a length a hair over a whole credit is not rounded up to the next one', () => {
		expect(audioEstimate({ minutes: 0.20000001, basis: 'b' }).credits).toBe(2);
		expect(audioEstimate({ minutes: 0.2001, basis: 'b' }).credits).toBe(3);
	});
});
