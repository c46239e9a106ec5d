'use strict';
/**
 * The benchmark's cases. Each case has one or more variants; each variant runs the same input
 * items through two workflows, our node ("ours") and one made only of n8n's own nodes ("hand"),
 * against the fake service set up by `setup`. A variant with `baseline` is also run with the
 * files shrunk to about 4 KB, to tell the memory the files cost from the memory n8n needs anyway.
 */
const { spreadCase, shuffled } = require('../harness/image-batches');
const { imageItems, base, imageJob, queued } = require('./variantKinds');

const MB = 1024 * 1024;
const S = 1000;

/**
 * @param {{smoke: boolean}} options smoke: short jobs and few items, to check that every case runs
 * @returns {Array<{id: string, title: string, variants: object[]}>}
 */
function cases({ smoke }) {
	const podcasts = smoke ? { n: 6, ms: 1 * S } : { n: 12, ms: 5 * S };
	const waves = Math.ceil(podcasts.n / 5);
	const videoBytes = smoke ? 1 * MB : 100 * MB;
	const uploadBytes = smoke ? 1 * MB : 90 * MB;
	const spread = smoke ? spreadCase(1 * S, 3 * S) : spreadCase(5 * S, 60 * S);
	const permuted = shuffled(spread.durations, 14);
	const f = smoke
		? { n: 10, ms: 1 * S, many: 40, manyMs: 1 * S }
		: { n: 200, ms: 20 * S, many: 2000, manyMs: 5 * S };
	const a = smoke ? { n: 3, ms: 1 * S } : { n: 20, ms: 10 * S };
	const g = smoke
		? { n: 6, ms: 1 * S, ms2: 1 * S, ms3: 1 * S }
		: { n: 20, ms: 10 * S, ms2: 5 * S, ms3: 8 * S };
	const wide = smoke ? { n: 6, ms: 2 * S } : { n: 20, ms: 10 * S };
	const h = smoke ? { n: 300, ms: 1 * S } : { n: 10_000, ms: 5 * S };

	return [
		{
			id: 'a',
			title: `${a.n} image items, each job ${a.ms / S} s`,
			variants: [imageJob(`${a.n} images × ${a.ms / S} s`, 'a', a.n, a.ms)],
		},
		{
			id: 'b',
			title: `${podcasts.n} podcast items, each ${podcasts.ms / S} s, 5 audio slots`,
			variants: [
				{
					key: 'b',
					label: `${podcasts.n} podcasts × ${podcasts.ms / S} s, 5 slots`,
					workflow: 'podcast',
					items: Array.from({ length: podcasts.n }, (_, i) => ({
						prompt: `Bench episode ${i + 1} about the sea`,
					})),
					files: podcasts.n,
					setup: (svc) => {
						base(svc);
						svc.state.timing.audioMs = podcasts.ms;
					},
					lowerBoundMs: waves * podcasts.ms,
					lowerBoundWhy: `${waves} waves × the job time`,
				},
			],
		},
		{
			id: 'c',
			title: `3 result videos of ${videoBytes / MB} MB each, filesystem binary mode`,
			variants: [
				{
					key: 'c',
					label: `3 videos × ${videoBytes / MB} MB`,
					workflow: 'video',
					items: Array.from({ length: 3 }, (_, i) => ({ prompt: `Bench clip ${i + 1}` })),
					files: 3,
					setup: (svc, { small }) => {
						base(svc);
						svc.state.timing.videoMs = smoke ? 1 * S : 2 * S;
						// the fake's result MP4 is about 5 KB before padding
						svc.state.resultPaddingBytes = small ? 0 : videoBytes - 5300;
					},
					baseline: true,
					lowerBoundWhy: 'RSS growth ≈ 0 (streamed to disk)',
				},
			],
		},
		{
			id: 'd',
			title: `Upload Video of a ${uploadBytes / MB} MB MP4 read from disk, filesystem binary mode`,
			variants: [
				{
					key: 'd',
					label: `upload ${uploadBytes / MB} MB MP4`,
					workflow: 'upload',
					uploadBytes,
					files: 1,
					setup: (svc) => base(svc),
					baseline: true,
					// reading a 90 MB file into n8n's storage has a cost of its own, the same for both sides:
					// a run of the reading alone tells what the upload itself adds
					inputOnly: true,
					lowerBoundWhy: 'RSS growth ≈ 0 (streamed from disk)',
				},
			],
		},
		{
			id: 'e',
			title: `20 image items of different sizes, jobs of ${Math.min(...spread.durations) / S}–${Math.max(...spread.durations) / S} s`,
			variants: [
				{
					key: 'e',
					label: `20 images, ${Math.min(...spread.durations) / S}–${Math.max(...spread.durations) / S} s by size`,
					workflow: 'image',
					items: spread.items,
					files: spread.items.reduce((n, i) => n + i.number_of_images, 0),
					setup: (svc) => {
						base(svc);
						svc.state.timing.imageMs = spread.runMs;
					},
					lowerBoundMs: Math.max(...spread.durations),
					lowerBoundWhy: 'the longest job',
					lag: true,
				},
				// no queue: every job runs at once, for as long as the spread draws
				queued(
					'e3',
					`${wide.n} images alike × ${wide.ms / S} s ±50 %, no queue`,
					wide.n,
					wide.ms,
					Infinity,
					0.5,
				),
				{
					key: 'e2',
					label: '20 images alike, same times in seeded random order',
					workflow: 'image',
					items: imageItems(20),
					files: 20,
					setup: (svc) => {
						base(svc);
						const byPrompt = new Map(imageItems(20).map((item, i) => [item.prompt, permuted[i]]));
						svc.state.timing.imageMs = (request) => byPrompt.get(request.prompt) ?? 400;
					},
					lowerBoundMs: Math.max(...permuted),
					lowerBoundWhy: 'the longest job',
					lag: true,
				},
			],
		},
		{
			id: 'f',
			title: `${f.n} image items of ${f.ms / S} s with 150 ms API latency; ${f.many} of ${f.manyMs / S} s`,
			variants: [
				imageJob(`${f.n} images × ${f.ms / S} s, answers 150 ms late`, 'f', f.n, f.ms, 150),
				imageJob(`${f.many} images × ${f.manyMs / S} s`, 'f2', f.many, f.manyMs),
			],
		},
		{
			id: 'g',
			title: `${g.n} image items on a service that queues: a few run at once, run times ±30 %`,
			variants: [
				queued('g', `${g.n} images × ${g.ms / S} s ±30 %, 4 at once`, g.n, g.ms, 4, 0.3),
				queued('g2', `${g.n} images × ${g.ms2 / S} s ±30 %, 2 at once`, g.n, g.ms2, 2, 0.3),
				queued('g3', `${g.n} images × ${g.ms3 / S} s ±40 %, 3 at once`, g.n, g.ms3, 3, 0.4),
			],
		},
		{
			id: 'h',
			title: `${h.n} image items of ${h.ms / S} s, with another small execution started meanwhile`,
			variants: [
				{
					...imageJob(`${h.n} images × ${h.ms / S} s`, 'h', h.n, h.ms),
					// n8n runs as a server, so that a second execution can run beside this one
					served: true,
					lastLag: true,
				},
			],
		},
	];
}

module.exports = { cases };
