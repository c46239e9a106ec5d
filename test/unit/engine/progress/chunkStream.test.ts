/** How lines reach n8n's stream (chunkStream.ts), against a stand-in for n8n's execute context. */
import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import { ChunkStream } from '../../../../nodes/MediaGeneration/engine/progress/chunkStream';

type Sent = { type: string; itemIndex: number; content: string };

/** A context whose sendChunk answers when `release()` is called (a slow client), or at once. */
function context({ streaming = true, slow = false } = {}) {
	const sent: Sent[] = [];
	const waiting: Array<() => void> = [];
	const cancel = new AbortController();
	const ctx = {
		isStreaming: () => streaming,
		getExecutionCancelSignal: () => cancel.signal,
		sendChunk: async (type: string, itemIndex: number, content: string) => {
			sent.push({ type, itemIndex, content });
			if (slow) await new Promise<void>((resolve) => waiting.push(resolve));
		},
	};
	const release = async () => {
		while (waiting.length) {
			waiting.shift()!();
			await sleep(0);
		}
	};
	return { ctx: ctx as unknown as IExecuteFunctions, sent, cancel, release };
}

const settle = async () => await sleep(0);

test('one begin, a line per item chunk as a Markdown paragraph, one end, all under item index 0', async () => {
	const { ctx, sent } = context();
	const stream = ChunkStream.open(ctx)!;
	stream.line('one');
	stream.line('two');
	await stream.close();
	expect(sent).toEqual([
		{ type: 'begin', itemIndex: 0, content: '' },
		{ type: 'item', itemIndex: 0, content: 'one\n\n' },
		{ type: 'item', itemIndex: 0, content: 'two\n\n' },
		{ type: 'end', itemIndex: 0, content: '' },
	]);
});

test('nothing said: no begin and no end', async () => {
	const { ctx, sent } = context();
	await ChunkStream.open(ctx)!.close();
	expect(sent).toEqual([]);
});

test('no stream where the run does not stream or the context has no streaming', () => {
	expect(ChunkStream.open(context({ streaming: false }).ctx)).toBeUndefined();
	const older = { getExecutionCancelSignal: () => undefined };
	expect(ChunkStream.open(older as unknown as IExecuteFunctions)).toBeUndefined();
	const throwing = {
		...context().ctx,
		isStreaming: () => {
			throw new Error('no');
		},
	};
	expect(ChunkStream.open(throwing as unknown as IExecuteFunctions)).toBeUndefined();
});

test('a slow client: lines wait their turn in order, and saying one never waits', async () => {
	const { ctx, sent, release } = context({ slow: true });
	const stream = ChunkStream.open(ctx)!;
	for (const l of ['a', 'b', 'c']) stream.line(l);
	await settle();
	expect(sent.map((s) => s.type)).toEqual(['begin']);
	await release();
	expect(sent.map((s) => s.content)).toEqual(['', 'a\n\n', 'b\n\n', 'c\n\n']);
});

test('a client that never reads holds the node at most a short time when it returns', async () => {
	const { ctx } = context({ slow: true });
	const stream = ChunkStream.open(ctx)!;
	stream.line('a');
	const started = Date.now();
	await stream.close();
	expect(Date.now() - started).toBeLessThan(10_000);
});

test('a cancelled run sends nothing more, not even lines said before it', async () => {
	const { ctx, sent, cancel, release } = context({ slow: true });
	const stream = ChunkStream.open(ctx)!;
	stream.line('a');
	stream.line('b');
	await settle();
	cancel.abort();
	stream.line('c');
	await release();
	await stream.close();
	expect(sent.map((s) => s.type)).toEqual(['begin']);
});
