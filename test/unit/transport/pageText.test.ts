/** The text of an HTML page of a load balancer or CDN, for an error message: plain and short. */
import {
	pageText,
	isHtmlPage,
	decodeEntities,
	PAGE_TEXT_MAX,
} from '../../../nodes/MediaGeneration/transport/pageText';
import { gatewayPage } from '../../../harness/fake-service/pages';

const HOST = 'api.example.com';

describe('page text', () => {
	test('no markup, no script or style content, references decoded, white space folded', () => {
		const html = `<!DOCTYPE html><html><head><title>Oops &amp; sorry</title><style>h1{color:red}</style>
			<script>var x = "<p>not text</p>"; alert(1)</script></head><body><!-- hidden -->
			<h1>Bad&nbsp;gateway</h1>\n\n<p>Try&#32;again &#x2192; later &bull; &unknownref; &copy;</p><noscript>Enable JavaScript</noscript></body></html>`;
		expect(pageText(html)).toBe('Oops & sorry Bad gateway Try again → later • ©');
	});

	test('a Cloudflare-style page becomes at most 200 characters of its readable text', () => {
		for (const status of [502, 503, 504, 520, 521, 522, 523, 524]) {
			const text = pageText(gatewayPage(status, HOST));
			expect(text.length).toBeLessThanOrEqual(PAGE_TEXT_MAX);
			expect(text).toMatch(new RegExp(`^${HOST} \\| ${status}: `));
			expect(text).not.toMatch(/[<>]|&\w+;|function|window\.|\{|cf-/);
		}
	});

	test('a long text is cut at a word, with an ellipsis', () => {
		const text = pageText(`<p>${'word '.repeat(100)}</p>`);
		expect(text.length).toBeLessThanOrEqual(PAGE_TEXT_MAX);
		expect(text).toMatch(/word…$/);
	});

	test('unclosed scripts, comments and tags at the end of a cut-off page leave nothing behind', () => {
		expect(pageText('<html><body><p>Down</p><script>var secret = 1;')).toBe('Down');
		expect(pageText('<p>Down</p><!-- a comment that never ends')).toBe('Down');
		expect(pageText('<p>Down</p><div class="x')).toBe('Down');
		expect(pageText('plain text, a < b and c > d')).toBe('plain text, a < b and c > d');
	});

	test('control characters and odd references do not pass', () => {
		expect(pageText('<p>a\u0000b\u001bc&#0;d&#xD800;e&toString;f</p>')).toBe('a b c d e f');
		expect(decodeEntities('&lt;b&gt; &quot;q&quot; &#39;s&#39;')).toBe('<b> "q" \'s\'');
	});

	test('HTML pages are told from JSON and plain text', () => {
		expect(isHtmlPage(gatewayPage(502, HOST))).toBe(true);
		expect(isHtmlPage('<html><body>x</body></html>')).toBe(true);
		expect(isHtmlPage('<center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center>')).toBe(
			true,
		);
		expect(isHtmlPage('{"detail":"x"}')).toBe(false);
		expect(isHtmlPage('upstream connect error or disconnect/reset before headers')).toBe(false);
	});
});
