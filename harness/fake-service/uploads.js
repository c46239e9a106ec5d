'use strict';
/** POST /image/upload and POST /video/upload (spec 4.4, 4.8): files checked by content. */
const { sniffImage, sniffVideo } = require('./media/sniff');
const crypto = require('node:crypto');
const e = require('./errors');
const { readMultipart } = require('./body');

const digest = (data) => crypto.createHash('sha256').update(data).digest('hex');

const LIMITS = { image: 20 * 1024 * 1024, video: 100 * 1024 * 1024 };
const TOO_LARGE = {
	image: 'Image uploads may be at most 20 MB.',
	video: 'Video uploads may be at most 100 MB.',
};
const MAX_IMAGE_SIDE = 8192;
const MAX_VIDEO_MS = 60000;

/** The file of an upload, its form field named `kind` (image or video): required, and within its limit. */
async function uploadedFile(req, kind) {
	const file = (await readMultipart(req, LIMITS[kind], TOO_LARGE[kind]))[kind];
	if (file && file.data.length > LIMITS[kind]) throw new e.HttpError(413, TOO_LARGE[kind]);
	if (!file)
		throw new e.HttpError(422, [{ loc: ['body', kind], msg: 'Field required', type: 'missing' }]);
	return file;
}

function uploadImage(svc, account, file) {
	const facts = sniffImage(file.data);
	if (!facts) throw new e.HttpError(400, 'The file is not a PNG, JPEG or WebP image.');
	if (facts.width > MAX_IMAGE_SIDE || facts.height > MAX_IMAGE_SIDE) {
		throw new e.HttpError(
			400,
			`Image dimensions ${facts.width}x${facts.height} are too large (at most ${MAX_IMAGE_SIDE} px a side).`,
		);
	}
	const id = svc.state.addImage(account.user, {
		width: facts.width,
		height: facts.height,
		source: 'upload',
		bytes: file.data.length,
		sha256: digest(file.data),
	});
	return { image_id: id, width: facts.width, height: facts.height };
}

function uploadVideo(svc, account, file) {
	const facts = sniffVideo(file.data);
	if (!facts) throw new e.HttpError(400, 'The file is not an MP4 or MOV video.');
	if (!facts.hasVideo) throw new e.HttpError(400, 'The file has no video stream.');
	if (facts.durationMs > MAX_VIDEO_MS) {
		throw new e.HttpError(
			400,
			`The video is ${facts.durationMs / 1000} s long; uploads may be at most 60 s.`,
		);
	}
	const id = svc.state.addVideo(account.user, {
		durationMs: facts.durationMs,
		width: facts.width,
		height: facts.height,
		source: 'upload',
		bytes: file.data.length,
		sha256: digest(file.data),
	});
	return { video_id: id, duration_ms: facts.durationMs, width: facts.width, height: facts.height };
}

module.exports = { uploadedFile, uploadImage, uploadVideo };
