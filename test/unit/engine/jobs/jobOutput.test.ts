import { outputFileName } from '../../../../nodes/MediaGeneration/engine/jobs/jobOutput';

describe('job results', () => {
	test('file names', () => {
		expect(outputFileName('image', 'abcdef123456', '', 1, 1, 'png')).toBe('image-abcdef12.png');
		expect(outputFileName('image', 'abcdef123456', 'cover.jpg', 2, 3, 'webp')).toBe('cover-2.webp');
		expect(outputFileName('podcast', 'abcdef123456', ' show ', 1, 1, 'mp3')).toBe('show.mp3');
	});
});
