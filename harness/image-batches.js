'use strict';
/**
 * Batches of image requests shaped for timing: every resolution and count with run times that grow
 * with the pixels asked for, and a seeded shuffle. The bench runs them in the real n8n, and the poll
 * plan's simulator tries its rules on the same run times.
 */
const { pixelSize } = require('./fake-service/catalogue');
const { seeded } = require('./seeded');

/** One image model per resolution (no model of the fake's catalogue has all five). */
const MODEL_FOR = {
	'480p': 'sketch-lite',
	'720p': 'flux-pro',
	'1080p': 'flux-pro',
	'2k': 'flux-pro',
	'4k': 'studio-4k',
};
const DEFAULT_RESOLUTION = { 'sketch-lite': '720p', 'flux-pro': '1080p', 'studio-4k': '2k' };
const RESOLUTIONS = Object.keys(MODEL_FOR);

/** Pixels a job asks for: the size of one image at its resolution (square) times how many. */
function pixelsOf(request) {
	const resolution = request.resolution || DEFAULT_RESOLUTION[request.model_id] || '1080p';
	const { width, height } = pixelSize(resolution, '1:1');
	return width * height * (request.number_of_images ?? 1);
}

/**
 * Case (e): every resolution × number of images (20 combinations), one item each. A job's run
 * time grows with the pixels it asks for, from `shortMs` for the smallest to `longMs` for the
 * largest (geometrically in between, as work grows by factors).
 */
function spreadCase(shortMs, longMs) {
	const items = RESOLUTIONS.flatMap((resolution) =>
		[1, 2, 3, 4].map((count) => ({
			model_id: MODEL_FOR[resolution],
			resolution,
			number_of_images: count,
		})),
	).map((settings, i) => ({ prompt: `Bench picture ${i + 1}`, ...settings }));
	const least = Math.min(...items.map(pixelsOf));
	const most = Math.max(...items.map(pixelsOf));
	const exponent = Math.log(longMs / shortMs) / Math.log(most / least);
	const runMs = (request) => Math.round(shortMs * (pixelsOf(request) / least) ** exponent);
	return { items, runMs, durations: items.map(runMs) };
}

/** A seeded shuffle, so that every run of the bench assigns the same times. */
function shuffled(values, seed) {
	const random = seeded(seed);
	const out = [...values];
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

module.exports = { spreadCase, shuffled, pixelsOf };
