/** The heap of what is due next (dueHeap.ts): earliest first, stale stamps dropped. */
import { DueHeap } from '../../../../nodes/MediaGeneration/engine/plan/dueHeap';

/** a small deterministic sequence of times, with repeats, in no order */
function times(count: number, seed: number): number[] {
	let x = seed;
	return Array.from({ length: count }, () => {
		x = (x * 1103515245 + 12345) % 2147483648;
		return x % 97;
	});
}

/** A heap of entries named by their index, every stamp current. */
function heapOf(at: number[]): DueHeap<number> {
	const heap = new DueHeap<number>(() => true);
	at.forEach((t, i) => heap.push(i, t, 0));
	return heap;
}

describe('due heap', () => {
	test('an empty heap has nothing due, ever', () => {
		const heap = heapOf([]);
		expect(heap.peek()).toBe(Infinity);
		expect(heap.top()).toBeUndefined();
		expect(heap.popUntil(Infinity)).toEqual([]);
	});

	test('an entry due at Infinity is never due, as the heap has nothing due then', () => {
		const heap = heapOf([Infinity, 3]);
		expect(heap.popUntil(Infinity)).toEqual([1]);
		expect(heap.top()).toBeUndefined();
		expect(heap.popUntil(Infinity)).toEqual([]);
	});

	test('a heap pops every entry once, earliest first, whatever order they were pushed in', () => {
		for (let seed = 1; seed <= 40; seed++) {
			const at = times(1 + (seed % 23), seed);
			const heap = heapOf(at);
			const out = heap.popUntil(Infinity);
			expect([...out].sort((a, b) => a - b)).toEqual(at.map((_, i) => i));
			const popped = out.map((i) => at[i]);
			expect(popped).toEqual([...at].sort((a, b) => a - b));
			expect(heap.peek()).toBe(Infinity);
		}
	});

	test('peek and top tell the earliest entry without taking it out', () => {
		for (let seed = 1; seed <= 10; seed++) {
			const at = times(9, seed);
			const heap = heapOf(at);
			expect(heap.peek()).toBe(Math.min(...at));
			expect(at[heap.top()!]).toBe(Math.min(...at));
			expect(heap.peek()).toBe(Math.min(...at));
		}
	});

	test('entries due by a time are taken out, one due exactly then included; later ones stay', () => {
		for (let seed = 1; seed <= 20; seed++) {
			const at = times(15, seed);
			const by = at[seed % at.length];
			const heap = heapOf(at);
			const out = heap.popUntil(by);
			expect(out.map((i) => at[i])).toEqual(at.filter((t) => t <= by).sort((a, b) => a - b));
			expect(heap.peek()).toBe(Math.min(Infinity, ...at.filter((t) => t > by)));
		}
	});

	test('taking entries out keeps the rest in order, with entries pushed in between', () => {
		const heap = heapOf([]);
		const all = times(60, 7);
		const pending = new Map<number, number>();
		all.forEach((t, i) => {
			heap.push(i, t, 0);
			pending.set(i, t);
			if (i % 3 !== 2) return;
			const earliest = Math.min(...pending.values());
			const out = heap.popUntil(earliest);
			expect(out.sort((a, b) => a - b)).toEqual(
				[...pending.keys()].filter((j) => all[j] === earliest),
			);
			for (const j of out) pending.delete(j);
		});
		const rest = heap.popUntil(Infinity).map((j) => all[j]);
		expect(rest).toEqual([...pending.values()].sort((a, b) => a - b));
	});

	test('an entry pushed again with a new stamp is due at its new time only: stale stamps are dropped', () => {
		const stamp = new Map<string, number>();
		const heap = new DueHeap<string>((entry, s) => stamp.get(entry) === s);
		const push = (entry: string, at: number) => {
			stamp.set(entry, (stamp.get(entry) ?? 0) + 1);
			heap.push(entry, at, stamp.get(entry)!);
		};
		push('a', 10);
		push('b', 20);
		push('c', 30);
		push('a', 25);
		expect(heap.peek()).toBe(20);
		expect(heap.top()).toBe('b');
		stamp.set('b', 0);
		expect(heap.top()).toBe('a');
		expect(heap.popUntil(Infinity)).toEqual(['a', 'c']);
	});

	test('an entry no longer current is never due', () => {
		const heap = new DueHeap<number>((entry) => entry % 2 === 0);
		times(20, 3).forEach((t, i) => heap.push(i, t, 0));
		const out = heap.popUntil(Infinity);
		expect(out).toEqual(out.filter((i) => i % 2 === 0));
		expect(out.length).toBe(10);
	});
});
