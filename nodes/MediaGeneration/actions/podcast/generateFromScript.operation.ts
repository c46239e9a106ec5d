import { podcastOperation } from './generate';

/** POST /podcast/scripted */
export const { description, prepare } = podcastOperation({
	operation: 'generateFromScript',
	path: '/podcast/scripted',
	scripted: true,
	conversation: false,
});
