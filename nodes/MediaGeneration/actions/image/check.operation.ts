import { checkJobsOperation } from '../checkJobs';

/** Looks at image jobs once: finished ones to Done with their files, running ones to Running. */
export const { description, prepare, passesOn, split } = checkJobsOperation('image');
