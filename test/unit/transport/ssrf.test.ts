/**
 * A refusal by n8n's SSRF protection is named as such: recognised in what n8n's request helper
 * throws, worded with the host and the setting that allows it, never tried again.
 */
import { toNodeApiError } from '../../../nodes/MediaGeneration/transport/errors';
import {
	networkCodeOf,
	neverSent,
	retriesAfter,
	SSRF_REFUSED,
} from '../../../nodes/MediaGeneration/transport/network';
import { isRetryable } from '../../../nodes/MediaGeneration/transport/retry';
import { ssrfRefusalOf, ssrfWords } from '../../../nodes/MediaGeneration/transport/ssrf';
import { node } from '../../support/inode';

/**
 * n8n's refusals as @n8n/backend-network 1.14.1 (n8n 2.40.7) and 1.15.1 (n8n 2.41.1) throw them:
 * a UserError named for its kind, no code, the address in `ip` (the host name is not passed at
 * the check before connecting).
 */
function blockedIp(
	ip: string,
	message = 'The request was blocked because it resolves to a restricted IP address',
) {
	return Object.assign(new Error(message), { name: 'SsrfBlockedIpError', ip, level: 'warning' });
}
function blockedHostname(hostname: string) {
	return Object.assign(
		new Error('The request was blocked because the destination hostname is restricted'),
		{ name: 'SsrfBlockedHostnameError', hostname },
	);
}
/** axios's wrapper of an error raised while connecting: a code of its own, the refusal as cause. */
function wrapped(cause: Error) {
	return Object.assign(new Error(cause.message), { code: 'ERR_BAD_REQUEST', cause });
}

describe('recognising a refusal by n8n SSRF protection', () => {
	test('by name, with the address n8n names', () => {
		expect(ssrfRefusalOf(blockedIp('127.0.0.1'))).toEqual({ ip: '127.0.0.1', blockedName: false });
		expect(ssrfRefusalOf(blockedHostname('files.internal'))).toEqual({ blockedName: true });
	});

	test('by message, in the wording of the first releases too, when the name is lost', () => {
		const renamed = (e: Error) => Object.assign(e, { name: 'Error' });
		expect(ssrfRefusalOf(renamed(blockedIp('10.0.0.5')))).toEqual({
			ip: '10.0.0.5',
			blockedName: false,
		});
		expect(ssrfRefusalOf(new Error('IP address is blocked'))).toEqual({ blockedName: false });
		expect(ssrfRefusalOf(renamed(blockedHostname('a.internal')))).toEqual({ blockedName: true });
	});

	test('anywhere in the chain of causes, ahead of a wrapper code', () => {
		expect(ssrfRefusalOf(wrapped(blockedIp('192.168.1.4')))).toMatchObject({ ip: '192.168.1.4' });
		expect(networkCodeOf(wrapped(blockedIp('192.168.1.4')))).toBe(SSRF_REFUSED);
		expect(networkCodeOf(blockedHostname('a.internal'))).toBe(SSRF_REFUSED);
	});

	test('other failures are not taken for one', () => {
		for (const error of [
			new Error('connect ECONNREFUSED 127.0.0.1:80'),
			Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }),
			new Error('Request failed with status code 403'),
			{ name: 'UserError', message: 'Blocked by policy' },
			undefined,
		])
			expect(ssrfRefusalOf(error)).toBeUndefined();
		expect(networkCodeOf(new Error('connect ECONNREFUSED 127.0.0.1:80'))).toBe('ECONNREFUSED');
	});
});

describe('what a user reads', () => {
	test('an address: the host, and the range to allow, one address wide', () => {
		const words = ssrfWords('127.0.0.1:5680', { ip: '127.0.0.1', blockedName: false });
		expect(words.message).toBe("n8n's SSRF protection refused 127.0.0.1");
		expect(words.hint).toContain('N8N_SSRF_PROTECTION_ENABLED');
		expect(words.hint).toContain('N8N_SSRF_ALLOWED_IP_RANGES (for example 127.0.0.1/32)');
		expect(words.hint).not.toContain('5680');
	});

	test('a host name: the name, its address, and both settings', () => {
		const words = ssrfWords('Proxy.Corp.Example:8443', { ip: '10.1.2.3', blockedName: false });
		expect(words.message).toBe("n8n's SSRF protection refused proxy.corp.example (10.1.2.3)");
		expect(words.hint).toContain('adds proxy.corp.example to N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(words.hint).toContain('N8N_SSRF_ALLOWED_IP_RANGES (for example 10.1.2.3/32)');
	});

	test('an IPv6 address, and a host name on the blocked list', () => {
		expect(ssrfWords('[::1]:8080', { ip: '::1', blockedName: false }).hint).toContain(
			'N8N_SSRF_ALLOWED_IP_RANGES (for example ::1/128)',
		);
		const named = ssrfWords('files.internal', { blockedName: true });
		expect(named.message).toBe("n8n's SSRF protection refused files.internal");
		expect(named.hint).toContain('N8N_SSRF_BLOCKED_HOSTNAMES');
		expect(named.hint).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
	});
});

describe('a refused request', () => {
	test('is never tried again, and never reached the service', () => {
		expect(retriesAfter(SSRF_REFUSED)).toBe(false);
		expect(neverSent(SSRF_REFUSED)).toBe(true);
		for (const intent of ['read', 'upload', { create: 'image' }] as const)
			expect(isRetryable({ intent, attempt: 1, networkCode: SSRF_REFUSED })).toBe(false);
	});

	test('a read: named as n8n refusal of the Base URL host, with the setting', () => {
		const error = toNodeApiError(
			node,
			{
				method: 'GET',
				path: '/image/models',
				intent: 'read',
				networkCode: SSRF_REFUSED,
				host: '127.0.0.1:5680',
				ssrf: { ip: '127.0.0.1', blockedName: false },
			},
			'secret-key',
		);
		expect(error.message).toBe("n8n's SSRF protection refused 127.0.0.1");
		expect(error.description).toContain('GET /image/models was not sent');
		expect(error.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
		expect(error.description).not.toContain('could not be reached');
	});

	test('a create: no job was made, and the setting is named', () => {
		const error = toNodeApiError(
			node,
			{
				method: 'POST',
				path: '/image',
				intent: { create: 'image' },
				networkCode: SSRF_REFUSED,
				host: 'media.internal',
				ssrf: { ip: '10.0.0.9', blockedName: false },
			},
			'secret-key',
		);
		expect(error.message).toBe(
			"n8n's SSRF protection refused media.internal (10.0.0.9): no job was created",
		);
		expect(error.description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(error.description).toContain('No job was created');
		expect(error.context.unansweredCreate).toBeUndefined();
	});
});
