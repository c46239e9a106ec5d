import { uploadOperation } from './uploadFile';

/** POST /video/upload: an MP4 or MOV up to 100 MB and 60 s; outputs video_id, duration_ms, width and height. */
export const { description, execute } = uploadOperation('video');
