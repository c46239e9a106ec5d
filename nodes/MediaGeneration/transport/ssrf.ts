import { errorChain } from './errorChain';

/**
 * n8n's SSRF protection (`N8N_SSRF_PROTECTION_ENABLED=true`, n8n 2.x and later) refuses requests
 * to private, loopback and other internal addresses before any connection is made. Its refusal
 * carries no error code, so it is told apart here by the error's name (stable since the first
 * release that has it) or, failing that, by its message, anywhere in the chain of causes.
 */
export type SsrfRefusal = {
	/** the blocked address, when n8n names it */
	ip?: string;
	/** true when the host name itself is on N8N_SSRF_BLOCKED_HOSTNAMES */
	blockedName: boolean;
};

const BLOCKED_IP = 'SsrfBlockedIpError';
const BLOCKED_NAME = 'SsrfBlockedHostnameError';

/** n8n's wordings of its two refusals (the first releases said only "IP address is blocked"). */
const IP_MESSAGES = /resolves to a restricted IP address|^IP address is blocked$/;
const NAME_MESSAGES = /destination hostname is restricted/;

/** The refusal of n8n's SSRF protection in whatever n8n's request helper threw, if it is one. */
export function ssrfRefusalOf(error: unknown): SsrfRefusal | undefined {
	const chain = errorChain(error);
	const text = (e: Record<string, unknown>) => (typeof e.message === 'string' ? e.message : '');
	// a wrapper (axios's, at connect time) repeats the message but not the address
	const ip = chain.map((e) => e.ip).find((v): v is string => typeof v === 'string' && v !== '');
	if (chain.some((e) => e.name === BLOCKED_IP || IP_MESSAGES.test(text(e))))
		return { ip, blockedName: false };
	if (chain.some((e) => e.name === BLOCKED_NAME || NAME_MESSAGES.test(text(e))))
		return { blockedName: true };
	return undefined;
}

/** A host as n8n's settings name it: no port, no brackets around an IPv6 address. */
function bareHost(host: string): string {
	const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
	return name.toLowerCase();
}

const isIpAddress = (name: string) => /^[\d.]+$/.test(name) || name.includes(':');
const single = (ip: string) => `${ip}/${ip.includes(':') ? 128 : 32}`;

/**
 * What a user reads when n8n refused `host` (as in a URL, with or without its port): who refused
 * it, and the setting an n8n administrator changes to allow it.
 */
export function ssrfWords(host: string, refusal: SsrfRefusal): { message: string; hint: string } {
	const name = bareHost(host);
	const ip = refusal.ip && refusal.ip !== name ? refusal.ip : undefined;
	const message = `n8n's SSRF protection refused ${name}${ip ? ` (${ip})` : ''}`;
	const restart = 'and restart n8n';
	if (refusal.blockedName) {
		return {
			message,
			hint: `${name} is on N8N_SSRF_BLOCKED_HOSTNAMES. To allow it, an n8n administrator adds it to N8N_SSRF_ALLOWED_HOSTNAMES ${restart}.`,
		};
	}
	const why =
		'N8N_SSRF_PROTECTION_ENABLED is on, and it blocks private, loopback and other internal addresses.';
	if (isIpAddress(name)) {
		return {
			message,
			hint: `${why} To allow this address, an n8n administrator adds it to N8N_SSRF_ALLOWED_IP_RANGES (for example ${single(name)}) ${restart}.`,
		};
	}
	const range = ip
		? `, or its address to N8N_SSRF_ALLOWED_IP_RANGES (for example ${single(ip)})`
		: '';
	return {
		message,
		hint: `${why} To allow this host, an n8n administrator adds ${name} to N8N_SSRF_ALLOWED_HOSTNAMES${range}, ${restart}.`,
	};
}
