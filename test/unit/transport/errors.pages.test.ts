/** What a failed request tells the user when the answer is an HTML page, as load balancers send. */
import {
	toNodeApiError,
	type ServiceFailure,
} from '../../../nodes/MediaGeneration/transport/errors';
import { PAGE_TEXT_MAX } from '../../../nodes/MediaGeneration/transport/pageText';
import { gatewayPage } from '../../../harness/fake-service/pages';
import { node } from '../../support/inode';

const HOST = 'api.example.com';

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
