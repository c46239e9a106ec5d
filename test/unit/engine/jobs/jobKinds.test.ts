import type { IDataObject } from 'n8n-workflow';

import type { JobKind } from '../../../../nodes/MediaGeneration/contract/jobs';
import { JOB_KINDS } from '../../../../nodes/MediaGeneration/engine/jobs/jobKinds';
import { writeMp3 } from '../../../../harness/fake-service/media/mp3';
import { writeMp4 } from '../../../../harness/fake-service/media/mp4';
import { writePng } from '../../../../harness/fake-service/media/png';

const jobState = (kind: JobKind, body: IDataObject) => JOB_KINDS[kind].state(body);
const resultFiles = (kind: JobKind, body: IDataObject) => JOB_KINDS[kind].files(body);

describe('job results', () => {
	test('audio jobs have no status: finished and error are their states', () => {
		expect(jobState('podcast', { finished: false, error: false })).toBe('processing');
		expect(jobState('podcast', { finished: true, error: false, url: 'x' })).toBe('succeeded');
		expect(jobState('podcast', { finished: true, error: true })).toBe('failed');
		expect(jobState('podcast', {})).toBe('processing');
		expect(jobState('image', { status: 'queued' })).toBe('queued');
		expect(jobState('video', { status: 'weird' })).toBe('processing');
	});
	test('files of each kind', () => {
		expect(
			resultFiles('image', {
				images: [
					{ image_id: 'a', url: 'u1', width: 1, height: 2 },
					{ image_id: 'b', url: 'u2', width: 3, height: 4 },
				],
			}).map((f) => [f.url, f.json.image_number]),
		).toEqual([
			['u1', 1],
			['u2', 2],
		]);
		expect(
			resultFiles('video', { url: 'v', video_id: 'id', duration_ms: 5000 })[0].json,
		).toMatchObject({ video_id: 'id', duration_ms: 5000 });
		expect(resultFiles('podcast', { url: 'a', script: 'Hi' })).toEqual([
			{ url: 'a', json: { script: 'Hi' } },
		]);
	});
});

const png = writePng({ width: 4, height: 4 });
const mp4 = writeMp4({ width: 16, height: 16, durationMs: 1000 });
const mp3 = writeMp3(500);
const resultTypeOf = (kind: JobKind, head: Buffer) => JOB_KINDS[kind].media.sniff(head);

describe('the media a result of each kind may be', () => {
	test('each kind accepts its own media and nothing else', () => {
		expect(resultTypeOf('image', png)).toMatchObject({ mimeType: 'image/png' });
		expect(resultTypeOf('video', mp4)).toMatchObject({ mimeType: 'video/mp4' });
		expect(resultTypeOf('podcast', mp3)).toMatchObject({ mimeType: 'audio/mpeg' });
		expect(resultTypeOf('image', mp4)).toBeUndefined();
		expect(resultTypeOf('video', png)).toBeUndefined();
		expect(resultTypeOf('podcast', png)).toBeUndefined();
		expect(resultTypeOf('image', Buffer.alloc(0))).toBeUndefined();
	});
});

describe("a job's rough run time, for an AI agent's expect-about", () => {
	const rough = (kind: JobKind, body: IDataObject) => JOB_KINDS[kind].roughRunSeconds(body);

	test('a video takes a minute, and longer the longer it is', () => {
		expect(rough('video', { duration: 5 })).toBe(60);
		expect(rough('video', { duration: 10 })).toBe(120);
		// a source-length video (no duration sent) counts as a short one
		expect(rough('video', {})).toBe(60);
	});

	test('audio: a minute of processing per minute of audio (spec), from the script or the prompt', () => {
		const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
		const script = [{ text: words(600), voice_id: 'v' }];
		expect(rough('podcast', { script })).toBe(240);
		expect(rough('podcast', { prompt: 'A 10-minute chat about bees' })).toBe(600);
		expect(rough('podcast', { prompt: 'A chat about bees' })).toBe(180);
		expect(rough('podcast', { script: [{ text: 'Hi', voice_id: 'v' }] })).toBe(60);
	});

	test('images: a round half minute', () => {
		expect(rough('image', { number_of_images: 4 })).toBe(30);
	});
});
