import type { IExecuteFunctions } from 'n8n-workflow';

import type { ByteCount } from '../../transport/streamHead';

/** A Node.js readable stream, as n8n's request helper hands it over. */
export type Readable = Exclude<
	Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
	Buffer
>;

type ReadableClass = {
	name: string;
	new (options: {
		read: () => void;
		destroy: (error: Error | null, callback: (error?: Error | null) => void) => void;
	}): Readable;
};

/**
 * The Readable class of `stream`. Shipped code may import nothing but n8n-workflow, so the class
 * is found on the stream's own class chain (every Node.js stream is a Readable).
 */
function readableClassOf(stream: Readable): ReadableClass {
	let c = stream.constructor as unknown as ReadableClass | null;
	while (c && c.name !== 'Readable') c = Object.getPrototypeOf(c) as ReadableClass | null;
	if (!c) throw new Error('the answer is not a Node.js stream');
	return c;
}

/**
 * Reads the first bytes of a response body, then hands the whole body on as a new stream,
 * counting every byte it passes. The body flows through 'data' events with pause and resume, as a
 * pipe would: no bytes are ever pushed back into it (a small file arrives whole in its first read
 * and its source ends at once, which lost pushed-back bytes on n8n 1.x), and chunks are passed as
 * they come, without the copies that reading a socket stream in paused mode makes.
 */
export class Relay {
	readonly count: ByteCount = { bytes: 0, complete: false };
	private readonly chunks: Buffer[] = [];
	private buffered = 0;
	private ended = false;
	/** why the body broke off, if it did */
	failure: Error | undefined;
	private out: Readable | undefined;
	private wake: (() => void) | undefined;

	constructor(
		private readonly source: Readable,
		private readonly headBytes: number,
	) {
		source.on('data', this.onData);
		source.once('end', this.onEnd);
		source.once('error', this.onError);
		source.once('close', this.onClose);
	}

	/** The first bytes (up to the number asked for), once they arrived or the body ended. */
	async head(): Promise<{ head: Buffer; ended: boolean }> {
		if (this.buffered < this.headBytes && !this.ended && !this.failure) {
			await new Promise<void>((resolve) => (this.wake = resolve));
			this.wake = undefined;
		}
		if (this.failure) throw this.failure;
		return { head: Buffer.concat(this.chunks).subarray(0, this.headBytes), ended: this.ended };
	}

	/** The whole body, head included, as a new stream; `count` follows what it passes on. */
	stream(): Readable {
		const Class = readableClassOf(this.source);
		const out = new Class({
			read: () => this.source.resume(),
			destroy: (error, callback) => {
				this.release();
				callback(error);
			},
		});
		this.out = out;
		for (const chunk of this.chunks.splice(0)) this.pass(chunk);
		if (this.failure) this.fail(this.failure);
		else if (this.ended) this.finish();
		return out;
	}

	/** Reads on to the end or past `limit` bytes, keeping nothing: how large a body is. */
	async measure(limit: number): Promise<ByteCount> {
		const body = this.stream();
		try {
			for await (const chunk of body) {
				void chunk;
				if (this.count.bytes > limit) break;
			}
		} catch {
			// a broken body is as large as what arrived of it
		} finally {
			body.destroy();
		}
		return this.count;
	}

	/** Stops reading: the body is let go of. */
	release(): void {
		this.source.off('data', this.onData);
		this.source.destroy();
	}

	private pass(chunk: Buffer) {
		this.count.bytes += chunk.length;
		if (this.out && !this.out.push(chunk)) this.source.pause();
	}

	private finish() {
		this.count.complete = true;
		this.out?.push(null);
	}

	/**
	 * Passes a broken body's error on to its reader. A reader that does not listen for errors yet
	 * (n8n's filesystem mode creates its folder before it reads) would turn the error into an
	 * uncaught exception, so that reader gets the stream ended instead: the count stays incomplete,
	 * and the try fails on it.
	 */
	private fail(error: Error) {
		if (!this.out) return;
		if (this.out.listenerCount('error') > 0) this.out.destroy(error);
		else this.out.push(null);
	}

	private readonly onData = (chunk: Buffer | string) => {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		if (this.out) return this.pass(buffer);
		this.chunks.push(buffer);
		this.buffered += buffer.length;
		if (this.buffered >= this.headBytes) {
			this.source.pause();
			this.wake?.();
		}
	};

	private readonly onEnd = () => {
		this.ended = true;
		if (this.out) this.finish();
		else this.wake?.();
	};

	private readonly onError = (error: Error) => {
		if (this.failure) return;
		this.failure = error;
		if (this.out) this.fail(error);
		else this.wake?.();
	};

	/** A connection that closes without an end or an error still ends the wait, as a failure. */
	private readonly onClose = () => {
		if (!this.ended) this.onError(new Error('the connection closed before the file ended'));
	};
}
