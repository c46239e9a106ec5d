import { dryUploadAnswer } from '../../../../nodes/MediaGeneration/actions/cost/dryUpload';
import { InputError } from '../../../../nodes/MediaGeneration/validation/inputError';
import { writeMp4 } from '../../../../harness/fake-service/media/mp4';

/** An upload file whose content streams in slices of `size` bytes, recording how it was read. */
function file(
	kind: 'image' | 'video',
	content: Buffer | string[],
	o: { size?: number; origin?: string } = {},
) {
	const read = { opened: 0, chunks: 0, destroyed: 0 };
	const chunks =
		typeof content[0] === 'string'
			? (content as string[])
			: Array.from({ length: Math.ceil(content.length / (o.size ?? 4096)) }, (_, i) =>
					(content as Buffer).subarray(i * (o.size ?? 4096), (i + 1) * (o.size ?? 4096)),
				);
	const source = {
		async *[Symbol.asyncIterator]() {
			for (const chunk of chunks) {
				read.chunks++;
				yield chunk;
			}
		},
		destroy: () => read.destroyed++,
	};
	const checked = {
		kind,
		field: 'data',
		origin: o.origin,
		source: {
			open: async () => {
				read.opened++;
				return source;
			},
		},
	};
	return { checked, read };
}

/** Where the movie header (the top-level moov box) of an MP4 file ends. */
function headerEnd(video: Buffer): number {
	for (let at = 0; at < video.length; at += video.readUInt32BE(at))
		if (video.toString('latin1', at + 4, at + 8) === 'moov') return at + video.readUInt32BE(at);
	throw new Error('no movie header');
}

const clip = (durationMs: number, paddingBytes = 0) =>
	writeMp4({ width: 16, height: 16, durationMs, paddingBytes });

describe('an upload in a dry run', () => {
	test('an image: no id, since nothing is uploaded, and its content is not read', async () => {
		const { checked, read } = file('image', Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
		expect(await dryUploadAnswer(checked)).toEqual({ image_id: '' });
		expect(read.opened).toBe(0);
	});

	test("a video: no id, and its length read from the file's own header", async () => {
		const { checked } = file('video', clip(12_500));
		expect(await dryUploadAnswer(checked)).toEqual({ video_id: '', duration_ms: 12_500 });
	});

	test('a video is read only until its header has passed, and the stream is then closed', async () => {
		const video = clip(5_000, 200_000);
		const { checked, read } = file('video', video, { size: 64 });
		expect(await dryUploadAnswer(checked)).toMatchObject({ duration_ms: 5_000 });
		expect(read.chunks).toBe(Math.ceil(headerEnd(video) / 64));
		expect(read.destroyed).toBe(1);
	});

	test('a video whose length cannot be read: no length, and the stream is closed', async () => {
		const { checked, read } = file('video', Buffer.alloc(100));
		expect(await dryUploadAnswer(checked)).toStrictEqual({ video_id: '' });
		expect(read.destroyed).toBe(1);
	});

	test('a video streamed as text is read as its bytes', async () => {
		// a movie header whose bytes are all ASCII: timescale 100, duration 1024 (10.24 s)
		const mvhd = Buffer.alloc(28);
		mvhd.writeUInt32BE(28, 0);
		mvhd.write('mvhd', 4, 'latin1');
		mvhd.writeUInt32BE(100, 20);
		mvhd.writeUInt32BE(1024, 24);
		const moov = Buffer.concat([Buffer.from([0, 0, 0, 36]), Buffer.from('moov'), mvhd]);
		const { checked } = file('video', [moov.toString('latin1')]);
		expect(await dryUploadAnswer(checked)).toEqual({ video_id: '', duration_ms: 10_240 });
	});

	test('a clip of 60 s passes; a longer one is refused as the service would, naming the field', async () => {
		expect(await dryUploadAnswer(file('video', clip(60_000)).checked)).toMatchObject({
			duration_ms: 60_000,
		});
		const long = dryUploadAnswer(file('video', clip(60_001)).checked);
		await expect(long).rejects.toThrow(InputError);
		await expect(dryUploadAnswer(file('video', clip(61_000)).checked)).rejects.toThrow(
			/Binary field "data" is 61 s long.* at most 60 s/,
		);
		await expect(
			dryUploadAnswer(file('video', clip(75_000), { origin: 'Source Video URL' }).checked),
		).rejects.toThrow(/^Source Video URL is 75 s long.* at most 60 s/);
	});

	test('a stream that cannot be closed early is read as it comes', async () => {
		const video = clip(3_000);
		const checked = {
			kind: 'video' as const,
			field: 'data',
			source: {
				open: async () =>
					(async function* () {
						yield video;
					})(),
			},
		};
		expect(await dryUploadAnswer(checked)).toEqual({ video_id: '', duration_ms: 3_000 });
	});
});
