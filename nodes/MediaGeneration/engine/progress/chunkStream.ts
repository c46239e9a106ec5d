import type { IExecuteFunctions } from 'n8n-workflow';

import { pause } from '../../transport/pause';

/** Longest the node waits, when it returns, for its last lines to reach n8n's stream. */
const FLUSH_MS = 2000;

type Streaming = Pick<IExecuteFunctions, 'isStreaming' | 'sendChunk'>;

/**
 * Lines to the run's chat or streaming webhook, as n8n's own streaming nodes send them: one
 * `begin`, an `item` per line, one `end`, under one item index so that a chat shows one message
 * for the node's run. Sends go out one after another without the node waiting for them, so a
 * slow client never holds up a poll or a download; a cancelled run sends nothing more.
 */
export class ChunkStream {
	private begun = false;
	private tail: Promise<unknown> = Promise.resolve();

	private constructor(private readonly ctx: IExecuteFunctions) {}

	/**
	 * A stream when the run streams its answer; none otherwise, or where n8n gives the context no
	 * streaming (an AI agent's tool on older agents, n8n releases before 1.101).
	 */
	static open(ctx: IExecuteFunctions): ChunkStream | undefined {
		const maybe = ctx as Partial<Streaming>;
		if (typeof maybe.isStreaming !== 'function' || typeof maybe.sendChunk !== 'function') {
			return undefined;
		}
		try {
			return maybe.isStreaming.call(ctx) ? new ChunkStream(ctx) : undefined;
		} catch {
			return undefined;
		}
	}

	line(text: string): void {
		if (this.cancelled) return;
		if (!this.begun) this.send('begin', '');
		this.begun = true;
		// a paragraph each: n8n's chat renders Markdown, where a single newline joins two lines
		this.send('item', `${text}\n\n`);
	}

	/** Ends the node's message, and gives the lines still on their way a short time to leave. */
	async close(): Promise<void> {
		if (!this.begun || this.cancelled) return;
		this.send('end', '');
		const timer = new AbortController();
		await Promise.race([this.tail, pause(FLUSH_MS, timer.signal).catch(() => undefined)]);
		timer.abort();
	}

	private get cancelled(): boolean {
		return this.ctx.getExecutionCancelSignal()?.aborted === true;
	}

	private send(type: 'begin' | 'item' | 'end', content: string) {
		// n8n's sendChunk returns a promise, though typed as returning nothing
		const send = async () => {
			if (!this.cancelled) await this.ctx.sendChunk(type, 0, content);
		};
		this.tail = this.tail.then(send).catch(() => undefined);
	}
}
