/**
 * What is due next, out of many: a binary min-heap of (time, entry) pairs. An entry's time is
 * changed by pushing it again with a new stamp; the older pair is dropped when it reaches the top
 * (`valid` tells which pairs are current). Push and pop cost O(log n), so a plan of ten thousand
 * jobs finds its next poll without going through all of them.
 */
export class DueHeap<T> {
	private readonly at: number[] = [];
	private readonly entries: Array<{ entry: T; stamp: number }> = [];

	constructor(private readonly valid: (entry: T, stamp: number) => boolean) {}

	push(entry: T, at: number, stamp: number): void {
		this.at.push(at);
		this.entries.push({ entry, stamp });
		let i = this.at.length - 1;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			// Stryker disable next-line EqualityOperator: entries due at one time may come out in any order
			if (this.at[parent] <= this.at[i]) break;
			this.swap(i, parent);
			i = parent;
		}
	}

	/** The earliest current time (Infinity: nothing is due ever). */
	peek(): number {
		while (this.at.length && !this.valid(this.entries[0].entry, this.entries[0].stamp)) this.pop();
		return this.at.length ? this.at[0] : Infinity;
	}

	/** The entry of `peek` (undefined: none). */
	top(): T | undefined {
		return this.peek() < Infinity ? this.entries[0].entry : undefined;
	}

	/** Takes out every current entry due by `by`, earliest first; as in `top`, Infinity is never due. */
	popUntil(by: number): T[] {
		const out: T[] = [];
		for (let t = this.peek(); t <= by && t < Infinity; t = this.peek()) out.push(this.pop().entry);
		return out;
	}

	private pop(): { entry: T; stamp: number } {
		const top = this.entries[0];
		const lastAt = this.at.pop()!;
		const last = this.entries.pop()!;
		if (this.at.length) {
			this.at[0] = lastAt;
			this.entries[0] = last;
			let i = 0;
			for (;;) {
				const l = 2 * i + 1;
				// the earlier child; a child past the end has no time, and `<` with none is false
				// Stryker disable next-line EqualityOperator: entries due at one time may come out in any order
				const c = this.at[l + 1] < this.at[l] ? l + 1 : l;
				if (c >= this.at.length) break;
				// Stryker disable next-line EqualityOperator: entries due at one time may come out in any order
				if (this.at[i] <= this.at[c]) break;
				this.swap(i, c);
				i = c;
			}
		}
		return top;
	}

	private swap(i: number, j: number) {
		[this.at[i], this.at[j]] = [this.at[j], this.at[i]];
		[this.entries[i], this.entries[j]] = [this.entries[j], this.entries[i]];
	}
}
