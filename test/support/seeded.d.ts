export { seeded } from '../../harness/seeded';
