import { errorChain } from './errorChain';
import { ssrfRefusalOf } from './ssrf';

/**
 * The network failures the node tells apart, in one table: what a user reads, whether the
 * request certainly never reached the service (so a create made nothing), and whether a request
 * that is safe to repeat (a read, an upload, a file download) is tried again.
 */
type NetworkFailure = {
	/** what a user reads; unnamed codes read "The service could not be reached" */
	text?: string;
	/** no connection was made: nothing reached the service */
	neverSent: boolean;
	/** a safe request is tried again */
	retry: boolean;
};

/** Our name for a refusal by n8n's SSRF protection, which carries no code of its own (ssrf.ts). */
export const SSRF_REFUSED = 'SSRF_REFUSED';

const NO_ANSWER_IN_TIME = 'The service did not answer in time';

export const NETWORK_FAILURES: Record<string, NetworkFailure> = {
	ECONNREFUSED: { text: 'The service refused the connection', neverSent: true, retry: true },
	ECONNRESET: {
		text: 'The connection to the service was closed unexpectedly',
		neverSent: false,
		retry: true,
	},
	ETIMEDOUT: { text: NO_ANSWER_IN_TIME, neverSent: false, retry: true },
	ESOCKETTIMEDOUT: { text: NO_ANSWER_IN_TIME, neverSent: false, retry: true },
	ECONNABORTED: { text: NO_ANSWER_IN_TIME, neverSent: false, retry: true },
	EPIPE: { neverSent: false, retry: true },
	UND_ERR_SOCKET: { neverSent: false, retry: true },
	EAI_AGAIN: { neverSent: true, retry: true },
	EHOSTUNREACH: { neverSent: true, retry: true },
	ENETUNREACH: { neverSent: true, retry: true },
	ENOTFOUND: { text: 'The service host could not be found', neverSent: true, retry: false },
	// n8n's SSRF protection refused the address before connecting; it refuses every try alike
	[SSRF_REFUSED]: {
		text: "n8n's SSRF protection refused the address",
		neverSent: true,
		retry: false,
	},
};

/** A code named in an error's message, when the error carries no code of its own. */
const CODE_IN_TEXT = new RegExp(`\\b(${Object.keys(NETWORK_FAILURES).join('|')})\\b`);

/** Finds the network error code (ECONNREFUSED, …) in whatever n8n's request helper threw. */
export function networkCodeOf(error: unknown): string | undefined {
	// a wrapper of the refusal (axios's, at connect time) may carry a code of its own
	if (ssrfRefusalOf(error)) return SSRF_REFUSED;
	for (const e of errorChain(error)) {
		if (typeof e.code === 'string' && /^E[A-Z_]+$|^UND_ERR/.test(e.code)) return e.code;
		if (typeof e.message === 'string') {
			const m = CODE_IN_TEXT.exec(e.message);
			if (m) return m[1];
			if (/socket hang up/i.test(e.message)) return 'ECONNRESET';
			if (/timeout/i.test(e.message)) return 'ETIMEDOUT';
		}
	}
	return undefined;
}

/** What a user reads for a network failure. */
export function networkText(code: string): string {
	return NETWORK_FAILURES[code]?.text ?? 'The service could not be reached';
}

/** Whether the request certainly never reached the service (a create made nothing). */
export function neverSent(code: string | undefined): boolean {
	return Boolean(code && NETWORK_FAILURES[code]?.neverSent);
}

/** Whether a request that is safe to repeat is tried again after this failure. */
export function retriesAfter(code: string): boolean {
	return Boolean(NETWORK_FAILURES[code]?.retry);
}
