import type { IBinaryData } from 'n8n-workflow';

import { Slots, type Limits } from './governor';

export const TRANSFER_SPEED = {
	/** One transfer at this speed or faster: the file host is near, the machine sets the pace. */
	fastBytesPerSecond: 32 * 1024 * 1024,
	/** A smaller file says more about the link's latency than about its speed: it leaves the limit. */
	measuredFromBytes: 4 * 1024 * 1024,
};

/**
 * How many large files to fetch at once after one took `ms` for `bytes` (pure: the whole policy).
 * Enough side by side that together they run about as fast as one fast transfer, so a slow link
 * still fetches a batch's videos in parallel, while a fast one gains nothing from more streams.
 */
export function transferLimit(bytes: number, ms: number, current: number, limits: Limits): number {
	if (!(bytes >= TRANSFER_SPEED.measuredFromBytes)) return current;
	const bytesPerSecond = (bytes * 1000) / Math.max(1, ms);
	const wanted = Math.ceil(TRANSFER_SPEED.fastBytesPerSecond / bytesPerSecond);
	return Math.min(limits.max, Math.max(limits.min, wanted));
}

/**
 * Slots for large result files (videos), sized by how fast one transfer runs.
 *
 * Each file streams into n8n's binary data, yet every chunk read from the network is a new
 * buffer that lives until V8's next garbage collection, so concurrent fast streams raise the
 * instance's peak memory (`npm run bench -- --case c`: three 100 MB videos at once took the
 * peak about 30 MB higher than one after another, for a few tenths of a second saved on a
 * local link). The first file goes alone; each file of 4 MB or more then sets how many may run
 * at once (transferLimit).
 */
export class TransferSlots extends Slots {
	private size: number;

	constructor(private readonly limits: Limits) {
		super();
		this.size = limits.start;
	}

	get limit(): number {
		return this.size;
	}

	async run(task: () => Promise<IBinaryData>): Promise<IBinaryData> {
		await this.acquire();
		const started = Date.now();
		try {
			const binary = await task();
			this.size = transferLimit(binary.bytes ?? 0, Date.now() - started, this.size, this.limits);
			return binary;
		} finally {
			this.release();
		}
	}
}
