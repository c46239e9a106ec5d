import { JOB_KINDS, type JobKind } from '../../../../nodes/MediaGeneration/engine/jobs/jobKinds';
import { writeMp3 } from '../../../fake-service/media/mp3';
import { writeMp4 } from '../../../fake-service/media/mp4';
import { writePng } from '../../../fake-service/media/png';

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
