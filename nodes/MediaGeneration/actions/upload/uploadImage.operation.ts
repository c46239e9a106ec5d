import { uploadOperation } from './uploadFile';

/** POST /image/upload: a PNG, JPEG or WebP up to 20 MB; outputs image_id, width and height. */
export const { description, execute } = uploadOperation('image');
