/** How a progress line says a file's link and a duration (lineWords.ts). */
import { linked, spoken } from '../../../../nodes/MediaGeneration/engine/progress/lineWords';

test('links as Markdown: named by the file, the address kept whole', () => {
	expect(linked({ url: 'https://f/a b(1).png?x=1', name: 'a [1].png' })).toBe(
		'[a 1.png](https://f/a%20b%281%29.png?x=1)',
	);
	expect(linked({ url: 'https://f/x' })).toBe('[link](https://f/x)');
});

test('spoken durations', () => {
	expect([45_000, 125_000, 120_000, 3_720_000, 7_200_000].map(spoken)).toEqual([
		'45 s',
		'2 min 5 s',
		'2 min',
		'1 h 2 min',
		'2 h',
	]);
});
