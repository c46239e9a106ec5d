'use strict';
/** Inputs that Video > Generate tests refer to by id, uploaded to the fake before the file's tests. */
const { api, uploadForm } = require('./fake');
const { writeMp4 } = require('../../harness/fake-service/media/mp4');
const { writePng } = require('../../harness/fake-service/media/png');

/**
 * Uploads three images (of distinct sizes) and two clips (4 s and 12 s) in a beforeAll. Returns
 * the object that then holds their ids: imageIds, clipId and longClipId.
 */
function useVideoInputs(ref) {
	const ids = {};
	beforeAll(async () => {
		const up = async (n) =>
			(
				await api(ref.svc, 'POST', '/image/upload', {
					form: uploadForm('image', writePng({ width: 16 + n, height: 9 }), 'f.png', 'image/png'),
				})
			).json.image_id;
		ids.imageIds = [await up(0), await up(1), await up(2)];
		const vid = async (ms) =>
			(
				await api(ref.svc, 'POST', '/video/upload', {
					form: uploadForm(
						'video',
						writeMp4({ width: 64, height: 36, durationMs: ms }),
						'c.mp4',
						'video/mp4',
					),
				})
			).json.video_id;
		ids.clipId = await vid(4000);
		ids.longClipId = await vid(12000);
	});
	return ids;
}

module.exports = { useVideoInputs };
