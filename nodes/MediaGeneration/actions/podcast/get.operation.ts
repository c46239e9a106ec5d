import { getJobOperation } from '../getJob';

/** GET /podcast/{job_id}: the job's state and, once it succeeded, fresh result links. */
export const { description, execute } = getJobOperation('podcast');
