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

/** Kept against n8n's context object, as perRun.ts does: one set of slots per node run. */
const runs = new WeakMap<object, FixedSlots>();

/** Runs one item's reference transfers when fewer than REFERENCE_TRANSFERS_AT_ONCE items are at theirs. */
export async function withReferenceSlot<R>(ctx: object, task: () => Promise<R>): Promise<R> {
	let slots = runs.get(ctx);
	if (!slots) {
		slots = new FixedSlots(REFERENCE_TRANSFERS_AT_ONCE);
		runs.set(ctx, slots);
	}
	return await slots.run(task);
}
