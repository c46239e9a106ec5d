import { downloadJobOperation } from '../downloadJob';

export const { description, prepare } = downloadJobOperation('podcast');
