/** Error text from HTML pages of a load balancer or CDN: plain, short, and naming status and host. */
import {
	pageText,
	isHtmlPage,
	decodeEntities,
	PAGE_TEXT_MAX,
} from '../../../nodes/MediaGeneration/transport/pageText';
import type { INode } from 'n8n-workflow';

import {
	toNodeApiError,
	type ServiceFailure,
} from '../../../nodes/MediaGeneration/transport/errors';
import { gatewayPage } from '../../fake-service/pages';

const node: INode = {
	id: '1',
	name: 'Media',
	type: 'n8n-nodes-media-generation.mediaGeneration',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
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

describe('error messages for HTML answers', () => {
	const failure = (status: number, extra: Partial<ServiceFailure> = {}): ServiceFailure => ({
		method: 'GET',
		path: '/image/x',
		intent: 'read',
		host: HOST,
		status,
		body: gatewayPage(status, HOST),
		...extra,
	});

	test.each([
		[502, 'Bad Gateway'],
		[503, 'Service Unavailable'],
		[504, 'Gateway Timeout'],
		[520, 'Unknown Error'],
		[521, 'Web Server Is Down'],
		[522, 'Connection Timed Out'],
		[523, 'Origin Is Unreachable'],
		[524, 'A Timeout Occurred'],
	])(
		'%i names the load balancer, its host and the status, then the page in plain text',
		(status, reason) => {
			const e = toNodeApiError(node, failure(status), 'secret-key');
			expect(e.message).toMatch(
				new RegExp(
					`^The service's load balancer at ${HOST} answered ${status} ${reason}: ${HOST} \\| ${status}: `,
				),
			);
			expect(e.message.length).toBeLessThanOrEqual(100 + PAGE_TEXT_MAX);
			expect(e.message).not.toMatch(/[<>]|&\w+;|function|\{/);
			expect(e.description).toMatch(
				/^GET \/image\/x returned \d+\. The network in front of the service could not reach it/,
			);
			expect(e.httpCode).toBe(String(status));
		},
	);

	test('a page as a Buffer, and a page of an nginx load balancer', () => {
		const nginx =
			'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
		const e = toNodeApiError(node, failure(502, { body: Buffer.from(nginx) }), undefined);
		expect(e.message).toBe(
			`The service's load balancer at ${HOST} answered 502 Bad Gateway: 502 Bad Gateway 502 Bad Gateway nginx`,
		);
	});

	test('a create answered with a page: final, and the job may exist', () => {
		const e = toNodeApiError(
			node,
			failure(502, { method: 'POST', path: '/image', intent: { create: 'image' } }),
			'secret-key',
		);
		expect(e.message).toMatch(
			/^The service's load balancer at api\.example\.com answered 502 Bad Gateway: .*: the job may have been created$/,
		);
		expect(e.description).toMatch(/It was not sent again/);
	});

	test("the service's own JSON errors keep their words; a page on a 4xx is only cleaned", () => {
		expect(
			toNodeApiError(node, failure(503, { body: { detail: 'Maintenance' } }), undefined).message,
		).toBe('The service had an internal error: Maintenance');
		const e = toNodeApiError(
			node,
			failure(403, {
				body: '<html><body><h1>403 Forbidden</h1><script>x()</script></body></html>',
			}),
			undefined,
		);
		expect(e.message).toBe('Access denied: 403 Forbidden');
	});

	test('the API key never shows, even when a page repeats it', () => {
		const e = toNodeApiError(
			node,
			failure(502, { body: '<html><body><p>key secret-key-123 refused</p></body></html>' }),
			'secret-key-123',
		);
		expect(`${e.message} ${e.description}`).not.toContain('secret-key-123');
	});
});
