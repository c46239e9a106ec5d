import { sleep } from 'n8n-workflow';

/**
 * Work on many items that never waits for anything (checking 10,000 items, each reading its
 * parameters through n8n's expressions, about 0.4 ms each on n8n 2.40) would hold n8n's event
 * loop for seconds: no other execution, webhook or editor request would be answered meanwhile.
 * Work that does wait can fill the loop as well: 100 requests in flight whose answers come back
 * from a nearby service leave every turn of the loop busy handling them (request slots breathe
 * before each start, engine/limits/governor.ts).
 * A breather hands the loop back every BREATH_EVERY_MS, and keeps handing it back while the loop
 * comes back late, that is while others have work to do: another execution takes a hundred turns
 * of the loop or more, and gets them one after another rather than one per stretch of this work.
 */
export const BREATH_EVERY_MS = 10;
/** a turn of the loop that took longer than this ran someone else's work */
export const BUSY_TURN_MS = 3;
/** the most turns handed back in a row, so that this work goes on under any load */
export const MAX_TURNS = 50;

export class Breather {
	private last = Date.now();
	/** the breath under way, which every task of the work waits for */
	private breath?: Promise<void>;

	constructor(private readonly everyMs = BREATH_EVERY_MS) {}

	/** Hands the event loop back if the work has run `everyMs` since the last time. */
	async breathe(): Promise<void> {
		await this.due();
	}

	/**
	 * The breath to wait for before the next step of work: the one under way, or a new one once
	 * the work has run `everyMs`; undefined when the step may go on at once. Tasks started all at
	 * once (one per item) would each pass `await breathe()` before any of them had worked, and then
	 * work one after another with no breath between them: each task asks here in the same
	 * synchronous stretch as its step, and asks again after every breath it waited for.
	 */
	due(): Promise<void> | undefined {
		if (!this.breath && Date.now() - this.last < this.everyMs) return undefined;
		this.breath ??= this.handBack().finally(() => {
			this.breath = undefined;
			this.last = Date.now();
		});
		return this.breath;
	}

	private async handBack() {
		for (let turn = 0; turn < MAX_TURNS; turn++) {
			const start = Date.now();
			await sleep(0);
			if (Date.now() - start <= BUSY_TURN_MS) return;
		}
	}
}
