/** The entries whose create has not gone out yet: what a turn of the batch's loop may send. */
import type { JobKind } from '../../../../nodes/MediaGeneration/contract/jobs';
import { WaitingLine } from '../../../../nodes/MediaGeneration/engine/batch/waitingLine';

type Waiting = { pos: number; deadline: number; req: { kind: JobKind } };
const entry = (pos: number, kind: JobKind, deadline = 1000): Waiting => ({
	pos,
	deadline,
	req: { kind },
});

describe('WaitingLine', () => {
	test('first(kind, n): that kind alone, in input order whatever the order added, at most n', () => {
		const line = new WaitingLine<Waiting>();
		for (const pos of [4, 0, 3, 1, 2]) line.add(entry(pos, 'image'));
		line.add(entry(5, 'video'));
		expect(line.first('image', 3).map((e) => e.pos)).toEqual([0, 1, 2]);
		expect(line.first('image', 99).map((e) => e.pos)).toEqual([0, 1, 2, 3, 4]);
		expect(line.first('image', 0)).toEqual([]);
		expect(line.first('image', -2)).toEqual([]);
		expect(line.first('podcast', 5)).toEqual([]);
		expect(line.first('video', Infinity).map((e) => e.pos)).toEqual([5]);
	});

	test('first gives a copy: taking its entries out of the line while going through it skips none', () => {
		const line = new WaitingLine<Waiting>();
		for (let pos = 0; pos < 6; pos++) line.add(entry(pos, 'image'));
		const sent: number[] = [];
		for (const e of line.first('image', 4)) {
			line.remove(e);
			sent.push(e.pos);
		}
		expect(sent).toEqual([0, 1, 2, 3]);
		expect(line.first('image', 10).map((e) => e.pos)).toEqual([4, 5]);
		expect(line.size).toBe(2);
	});

	test('kinds(): those with entries waiting; all(): every entry, kind by kind', () => {
		const line = new WaitingLine<Waiting>();
		line.add(entry(2, 'video'));
		line.add(entry(0, 'image'));
		line.add(entry(1, 'image'));
		expect(line.kinds().sort()).toEqual(['image', 'video']);
		expect(line.all().map((e) => e.pos)).toEqual([2, 0, 1]);
		line.remove(line.first('video', 1)[0]);
		expect(line.kinds()).toEqual(['image']);
		expect(line.of('video')).toBe(0);
	});
});
