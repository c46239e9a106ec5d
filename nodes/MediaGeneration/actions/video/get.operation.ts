import { getJobOperation } from '../getJob';

/** GET /video/{job_id}: the job's state and, once it succeeded, fresh result links. */
export const { description, execute } = getJobOperation('video');
