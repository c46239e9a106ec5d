/** Every shape of Retry-After a deployment sends, for the tests of the waits built on it. */

/** The tests' clock: what each shape asks for is read against it. */
export const NOW = Date.parse('2026-01-01T00:00:00Z');

/** An HTTP date `offsetMs` from NOW, as a service writes it. */
export const httpDate = (offsetMs: number) => new Date(NOW + offsetMs).toUTCString();

/** Each shape a deployment sends, and what it asks for by this host's clock. */
export const SHAPES: Record<string, string> = {
	seconds: '3',
	zero: '0',
	negative: '-5',
	'past date': httpDate(-3600_000),
	'future date': httpDate(4000),
	'hours away': String(3 * 3600),
	garbage: 'soon, maybe',
};

/** The shapes that ask for no believable wait: the node's own back-off applies. */
export const UNBELIEVABLE = ['zero', 'negative', 'past date', 'garbage'];
