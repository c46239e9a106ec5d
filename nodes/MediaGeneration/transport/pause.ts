import { sleep } from 'n8n-workflow';

/**
 * Waits `ms`, or less when `signal` aborts; then it rejects. n8n-workflow's `sleep` takes a
 * signal only from n8n 2.x on: the `sleep` of n8n 1.x ignores it and would hold a cancelled
 * execution until the time is up. So the signal is listened to here as well, on every release.
 */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
	if (signal.aborted) throw new Error('aborted');
	await new Promise<void>((resolve, reject) => {
		const onAbort = () => reject(new Error('aborted'));
		signal.addEventListener('abort', onAbort, { once: true });
		sleep(ms, signal)
			.then(resolve, reject)
			.finally(() => signal.removeEventListener('abort', onAbort));
	});
}
