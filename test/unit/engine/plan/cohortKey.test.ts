import { cohortKey } from '../../../../nodes/MediaGeneration/engine/plan/cohortKey';

describe('cohortKey', () => {
	test('jobs differing only in their prompt or the ids they name are alike', () => {
		const a = cohortKey('image', '/image', {
			prompt: 'A fox',
			model_id: 'flux',
			resolution: '1080p',
			reference_image_ids: ['a'],
		});
		const b = cohortKey('image', '/image', {
			prompt: 'A bear',
			model_id: 'flux',
			resolution: '1080p',
			reference_image_ids: ['b'],
		});
		expect(a).toBe(b);
	});
	test('other settings, another endpoint or a much longer script make jobs unlike', () => {
		const base = { prompt: 'A fox', model_id: 'flux', resolution: '1080p' };
		expect(cohortKey('image', '/image', base)).not.toBe(
			cohortKey('image', '/image', { ...base, resolution: '4k' }),
		);
		expect(cohortKey('image', '/image', base)).not.toBe(
			cohortKey('image', '/image', { ...base, number_of_images: 4 }),
		);
		const seg = (n: number) => [{ text: 'word '.repeat(n), voice_id: 'v' }];
		expect(cohortKey('podcast', '/podcast/scripted', { script: seg(100) })).not.toBe(
			cohortKey('podcast', '/podcast/scripted', { script: seg(1000) }),
		);
		expect(cohortKey('podcast', '/podcast', { prompt: 'x' })).not.toBe(
			cohortKey('podcast', '/podcast/scripted', { prompt: 'x' }),
		);
	});

	test('the order of the settings does not matter', () => {
		const a = { prompt: 'A fox', model_id: 'flux', resolution: '1080p', duration: 5 };
		const b = { duration: 5, resolution: '1080p', model_id: 'flux', prompt: 'A fox' };
		expect(cohortKey('video', '/video', a)).toBe(cohortKey('video', '/video', b));
	});

	test('another model, another value of a setting (even as long) or another flag make jobs unlike', () => {
		const base = { prompt: 'A fox', model_id: 'flux', resolution: '1080p', loop: false };
		const key = (o: object) => cohortKey('video', '/video', { ...base, ...o });
		expect(key({})).toBe(key({}));
		expect(key({ model_id: 'veo' })).not.toBe(key({}));
		expect(key({ resolution: '2160p' })).not.toBe(key({}));
		expect(key({ loop: true })).not.toBe(key({}));
	});

	test('a much longer prompt or longer delivery instructions make jobs unlike; other words do not', () => {
		const long = 'a fox in the snow '.repeat(1000);
		for (const field of ['prompt', 'delivery_instructions']) {
			const key = (text: string) => cohortKey('podcast', '/podcast', { [field]: text });
			expect(key('A fox')).toBe(key('A bear'));
			expect(key(long)).toBe(key(long.toUpperCase()));
			expect(key(long)).not.toBe(key('A fox'));
		}
	});

	test('a text left out counts as an empty one', () => {
		for (const field of ['prompt', 'delivery_instructions']) {
			const key = (text?: string) => cohortKey('podcast', '/podcast', { [field]: text });
			expect(key(undefined)).toBe(key(''));
		}
	});

	test('how many inputs a job names matters, not which', () => {
		const key = (o: object) => cohortKey('video', '/video', { model_id: 'veo', ...o });
		expect(key({ reference_image_ids: ['a', 'b'] })).toBe(key({ reference_image_ids: ['c', 'd'] }));
		expect(key({ reference_image_ids: ['a'] })).not.toBe(key({ reference_image_ids: ['a', 'b'] }));
		expect(key({ image_id: 'a' })).toBe(key({ image_id: 'b' }));
		expect(key({ image_id: 'a' })).not.toBe(key({ image_id: '' }));
		expect(key({ image_id: 'a' })).not.toBe(key({ music_id: 'a' }));
	});

	test('a field that only contains "_id" is a setting like any other', () => {
		const key = (v: string) => cohortKey('video', '/video', { style_id_hint: v });
		expect(key('warm')).not.toBe(key('cold'));
	});

	test("a script's length is its words, however they are spaced or split into segments", () => {
		const words = (n: number) => Array(n).fill('word');
		const key = (...texts: string[]) =>
			cohortKey('podcast', '/podcast/scripted', {
				script: texts.map((text) => ({ text, voice_id: 'v' })),
			});
		const many = words(300);
		expect(key(many.join(' '))).toBe(key(many.join('  \n ')));
		expect(key(many.join(' '))).toBe(key(...many));
		expect(key(many.join(' '))).toBe(key(words(301).join(' ')));
		expect(key(many.join(' '))).not.toBe(key('word'));
		expect(key('word')).toBe(key('word', ...Array(300).fill('')));
	});

	test('scripts are alike when their word counts round to the same step: the first step is half as wide', () => {
		const key = (words: number) =>
			cohortKey('podcast', '/podcast/scripted', {
				script: [{ text: Array(words).fill('word').join(' '), voice_id: 'v' }],
			});
		// the first word count past `from` with another key (a thousand words on: none)
		const nextStep = (from: number) => {
			let n = from;
			while (key(n) === key(from) && n < from + 1000) n++;
			return n;
		};
		const first = nextStep(1);
		expect(2 * first).toBe(nextStep(first) - first);
	});

	test('the parts of a key never run into each other', () => {
		expect(cohortKey('image', '/edit', {})).not.toBe(cohortKey('imag', 'e/edit', {}));
	});
});
