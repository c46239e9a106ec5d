import { oncePerRun } from '../../transport/perRun';
import { Slots } from './governor';

/**
 * Items whose reference files (binary fields, links) are fetched and uploaded at the same time
 * while a run's items are checked. Each item's own files go one after another.
 */
export const REFERENCE_TRANSFERS_AT_ONCE = 4;

class FixedSlots extends Slots {
	constructor(private readonly size: number) {
		super();
	}

	get limit(): number {
		return this.size;
	}

	async run<R>(task: () => Promise<R>): Promise<R> {
		await this.acquire();
		try {
			return await task();
		} finally {
			this.release();
		}
	}
}

/** Runs one item's reference transfers when fewer than REFERENCE_TRANSFERS_AT_ONCE items are at theirs. */
export async function withReferenceSlot<R>(ctx: object, task: () => Promise<R>): Promise<R> {
	// one set of slots per node run, kept as the run's listings and credential are
	const slots = await oncePerRun(ctx, 'reference slots', async () => {
		return new FixedSlots(REFERENCE_TRANSFERS_AT_ONCE);
	});
	return await slots.run(task);
}
