/** Types of streams.js for the TypeScript tests. */
type NodeReadable = import('node:stream').Readable;
type IncomingMessage = import('node:http').IncomingMessage;

export const Readable: typeof import('node:stream').Readable;
export type Readable = NodeReadable;
/** `n` bytes of a pattern that shifts with `seed`. */
export function bytes(n: number, seed?: number): Buffer;
/** A stream that hands out its data in chunks, a few at a time, like a socket. */
export function chunked(data: Buffer, size: number): NodeReadable;
/** How n8n's in-memory binary mode reads a stream: a 'data' listener, nothing else. */
export function collectWithDataListener(stream: NodeReadable): Promise<Buffer>;
export type Reader = (stream: NodeReadable) => Promise<Buffer>;
/** The ways n8n's binary data modes read a stream: [name, read it all into one buffer]. */
export const READERS: Array<[string, Reader]>;
/** `promise`, or a rejection saying `what` after 5 s. */
export function within<T>(promise: Promise<T>, what: string): Promise<T>;
/** A response body of `body`, read after it has fully arrived (headers and body in one read). */
export function arrivedWhole(body: Buffer): Promise<IncomingMessage>;
/** Resolves once `stream` is closed. */
export function closed(stream: NodeReadable): Promise<void>;
