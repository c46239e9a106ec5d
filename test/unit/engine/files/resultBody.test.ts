import {
	bodyKind,
	notMediaReason,
	fileHostOf,
	isStaleLink,
	storageErrorCode,
} from '../../../../nodes/MediaGeneration/engine/files/resultBody';
import { writePng } from '../../../../harness/fake-service/media/png';

const png = writePng({ width: 4, height: 4 });
const text = (s: string) => Buffer.from(s);

describe('a result body is stored only when it is the kind of media the job makes', () => {
	test.each([
		['<!doctype html><html><body>Not Found</body></html>', 'an HTML page'],
		['\n  <HTML><HEAD><TITLE>502 Bad Gateway</TITLE>', 'an HTML page'],
		['<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>', 'an XML document'],
		['<Error><Code>AccessDenied</Code></Error>', 'an XML document'],
		['{"error":"not found"}', 'JSON'],
		['[1,2]', 'JSON'],
		['Service Unavailable', 'plain text'],
		['', 'an empty body'],
	])('%j is %s', (body, kind) => {
		expect(bodyKind(text(body))).toBe(kind);
	});

	test('binary that is no known media, and media of another kind, are named as such', () => {
		expect(bodyKind(Buffer.from([0, 1, 2, 250, 251]))).toBe('data of an unknown type');
		expect(bodyKind(png)).toBe('other media');
	});

	test("the file host is named by the link's host alone, never its signed path", () => {
		expect(fileHostOf('https://bucket.s3.amazonaws.com/a/b.png?X-Amz-Signature=abc')).toBe(
			'the file host at bucket.s3.amazonaws.com',
		);
		expect(fileHostOf('not a url')).toBe('the file host');
	});

	test('the reason names the status, what arrived, its size and what was expected', () => {
		const page = text('<!doctype html><p>gone</p>');
		expect(
			notMediaReason('image', { host: 'the file host at cdn.example.com', status: 200 }, page, {
				bytes: 395,
				complete: true,
			}),
		).toBe(
			'the file host at cdn.example.com answered 200 with an HTML page (395 bytes), not a PNG, JPEG or WebP image',
		);
		expect(
			notMediaReason('podcast', { host: 'the file host', status: 206 }, text('x'), {
				bytes: 70000,
				complete: false,
			}),
		).toBe('the file host answered 206 with plain text (more than 70000 bytes), not an MP3 file');
	});
});

describe('links an object store no longer honours get a fresh one; other refusals are final', () => {
	test.each([
		[403, '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', true], // S3
		[400, '<Error><Code>ExpiredToken</Code></Error>', true], // GCS
		[403, '<Error><Code>AuthenticationFailed</Code></Error>', true], // Azure
		[404, '', true],
		[410, '', true],
		[400, '<Error><Code>InvalidArgument</Code></Error>', false],
		[401, 'Unauthorized', false],
		[405, 'expired', false],
	])('%i %j: stale %s', (status, body, stale) => {
		expect(isStaleLink(status, body)).toBe(stale);
	});

	test("the store's error code is read from XML or JSON bodies", () => {
		expect(storageErrorCode('<?xml version="1.0"?><Error><Code>ExpiredToken</Code></Error>')).toBe(
			'ExpiredToken',
		);
		expect(storageErrorCode('{"error":"AccessDenied"}')).toBe('AccessDenied');
		expect(storageErrorCode('<html>nope</html>')).toBeUndefined();
	});
});
