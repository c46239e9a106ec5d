import { checkUrl, parseUrlList, shownUrl } from '../../../nodes/MediaGeneration/validation/urls';

describe('links to reference files', () => {
	test('a list: commas, spaces and new lines between links; commas inside a link stay', () => {
		expect(
			parseUrlList(
				'https://a.example/x.png, https://b.example/y.png\nhttp://c.example/z.mp4  https://d.example/q.png',
				'L',
			),
		).toEqual([
			'https://a.example/x.png',
			'https://b.example/y.png',
			'http://c.example/z.mp4',
			'https://d.example/q.png',
		]);
		expect(
			parseUrlList(
				'https://res.example/image/upload/w_400,h_300,c_fill/cat.png,https://e.example/1',
				'L',
			),
		).toEqual([
			'https://res.example/image/upload/w_400,h_300,c_fill/cat.png',
			'https://e.example/1',
		]);
	});

	test('an array from an expression; empty entries and empty fields give nothing', () => {
		expect(parseUrlList([' https://a.example/x.png ', ''], 'L')).toEqual([
			'https://a.example/x.png',
		]);
		expect(parseUrlList('', 'L')).toEqual([]);
		expect(parseUrlList(undefined, 'L')).toEqual([]);
		expect(() => parseUrlList([{ url: 'x' }], 'L')).toThrow(
			'L: each entry must be a link, not an object',
		);
	});

	test('only http and https links with a host, named in the error with the field', () => {
		for (const bad of [
			'ftp://files.example/a.png',
			'file:///etc/passwd',
			'a.png',
			'https://',
			'data:image/png;base64,AAAA',
		]) {
			expect(() => checkUrl(bad, 'Start Frame URL')).toThrow(
				/^Start Frame URL: ".+" is not a web link; give http:\/\/ or https:\/\/ links/,
			);
		}
		expect(() => parseUrlList('https://a.example/x.png, ftp://b.example/y.png', 'L')).toThrow(
			'L: "ftp://b.example/y.png" is not a web link',
		);
	});

	test('a link in a message: its query and fragment left out', () => {
		expect(shownUrl('https://cdn.example/a/b.png')).toBe('https://cdn.example/a/b.png');
		expect(shownUrl('https://bucket.example/v.mp4?X-Amz-Signature=secret')).toBe(
			'https://bucket.example/v.mp4?…',
		);
		expect(shownUrl('https://x.example/p#frag')).toBe('https://x.example/p?…');
	});
});

describe('lists of links, read with care', () => {
	test('tabs separate links; a comma before another scheme in any case starts a new link', () => {
		expect(
			parseUrlList('https://a.example/1\thttps://b.example/2,HTTPS://c.example/3', 'L'),
		).toEqual(['https://a.example/1', 'https://b.example/2', 'HTTPS://c.example/3']);
		expect(parseUrlList('https://a.example/q?ids=1,2', 'L')).toEqual([
			'https://a.example/q?ids=1,2',
		]);
	});

	test('a link field takes text only', () => {
		expect(() => parseUrlList(5, 'Start Frame URL')).toThrow(
			'Start Frame URL must be text, not the number 5',
		);
		expect(() => parseUrlList([5], 'L')).toThrow('L: each entry must be a link, not the number 5');
	});

	test('a link is kept as written', () => {
		expect(checkUrl('HTTP://A.example/x', 'L')).toBe('HTTP://A.example/x');
	});

	test('text that is no link is shown as given, escaped', () => {
		expect(shownUrl('not a link\n')).toBe('not a link\\u000a');
	});
});
