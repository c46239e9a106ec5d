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
});
