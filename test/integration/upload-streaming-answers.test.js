'use strict';
/**
 * An upload of a 90 MB video that the service answers early, refuses or cuts off: the answer is
 * heard, not mistaken for a network error, and a new try sends a fresh stream.
 */
const { createHash } = require('node:crypto');
const { video, openFilesAfterClose, useStoredVideo } = require('../support/stored-video');

const { ref, upload, uploads } = useStoredVideo();
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

describe('a 90 MB video kept in n8n binary storage', () => {
	test('an early 429 (answered from the headers, connection reset) is reported as the 429 and sent again with a fresh stream', async () => {
		const before = uploads().length;
		ref.svc.faults.add({
			route: 'POST /video/upload',
			kind: 'early',
			status: 429,
			retryAfter: 0,
			times: 2,
		});
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([429, 429, 200]);
		expect(ref.svc.state.videos.get(items[0].json.video_id)).toMatchObject({
			sha256: sha256(video),
		});
		expect(await openFilesAfterClose()).toBe(0);
	});

	test.each([
		[401, /401|key|authori/i],
		[413, /413|too large/i],
	])(
		"an early %i is reported with the service's answer, not as a network error",
		async (status, pattern) => {
			ref.svc.faults.add({ route: 'POST /video/upload', kind: 'early', status, times: 5 });
			const { error } = await upload();
			expect(error).toBeDefined();
			expect(`${error.message} ${error.description ?? ''}`).toMatch(pattern);
			expect(`${error.message} ${error.description ?? ''}`).not.toMatch(
				/could not be reached|EPIPE|ECONNRESET/,
			);
			expect(await openFilesAfterClose()).toBe(0);
		},
	);

	test('an early 503 is tried again (uploads are free) and then succeeds', async () => {
		const before = uploads().length;
		ref.svc.faults.add({ route: 'POST /video/upload', kind: 'early', status: 503, times: 1 });
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(
			uploads()
				.slice(before)
				.map((r) => r.status),
		).toEqual([503, 200]);
		expect(items[0].json.bytes).toBe(video.length);
	});

	test('a 500 that lasts is tried again, then reported as an upload: no job, nothing that may have been charged', async () => {
		const before = uploads().length;
		ref.svc.faults.add({ route: 'POST /video/upload', kind: 'status', status: 500, times: 10 });
		const { error } = await upload();
		expect(uploads().length - before).toBe(5);
		expect(error.message).toMatch(/internal error/);
		expect(error.description).toMatch(/^POST \/video\/upload returned 500\. Try again later\.$/);
		expect(`${error.message} ${error.description}`).not.toMatch(
			/started the job|may have been created|sent again/,
		);
	});

	test('a connection reset before any answer is tried again with a fresh stream', async () => {
		const before = uploads().length;
		ref.svc.faults.add({ route: 'POST /video/upload', kind: 'drop', times: 1 });
		const { items, error } = await upload();
		expect(error).toBeUndefined();
		expect(uploads().length - before).toBe(2);
		expect(ref.svc.state.videos.get(items[0].json.video_id)).toMatchObject({
			sha256: sha256(video),
		});
		expect(await openFilesAfterClose()).toBe(0);
	});
});
