'use strict';
/** The MP4 files the upload case reads from disk, and a first upload to warm the fake service. */
const fs = require('node:fs');
const path = require('node:path');
const { writeMp4 } = require('../harness/fake-service/media/mp4');
const { api, uploadForm } = require('../harness/fake-service/client');
const { KEY } = require('./credentials');

/** A 10 s MP4 of 640×360, padded to about `bytes`. */
const mp4 = (bytes) =>
	writeMp4({
		width: 640,
		height: 360,
		durationMs: 10_000,
		paddingBytes: Math.max(
			0,
			bytes - writeMp4({ width: 640, height: 360, durationMs: 10_000 }).length,
		),
	});

/** Writes the upload's full-size and 4 KB files into `folder`: the paths, by size. */
function writeUploadFiles(folder, uploadBytes) {
	const files = {
		big: path.join(folder, 'upload-big.mp4'),
		small: path.join(folder, 'upload-small.mp4'),
	};
	fs.writeFileSync(files.big, mp4(uploadBytes));
	fs.writeFileSync(files.small, mp4(4096));
	return files;
}

/**
 * Sends the upload's file to the fake service once before the rounds. The fake service runs in
 * this process, and its first large multipart body is read by code not yet compiled: without
 * this, the side that goes first in round 1 pays for it (ours first, 629 ms against 500 and 508
 * in the rounds after, the hand-built side 469 to 493 ms, 2026-11-28).
 */
async function warmUpload(svc, file) {
	const form = uploadForm('video', fs.readFileSync(file), 'warm-up.mp4', 'video/mp4');
	const res = await api(svc, 'POST', '/video/upload', { key: KEY, form });
	if (res.status !== 200) throw new Error(`the warm-up upload failed: ${res.status} ${res.text}`);
}

module.exports = { writeUploadFiles, warmUpload };
