import { networkCodeOf } from '../../../nodes/MediaGeneration/transport/network';

describe('network failures', () => {
	test('network codes are found in nested causes and messages', () => {
		expect(networkCodeOf({ cause: { cause: { code: 'ECONNREFUSED' } } })).toBe('ECONNREFUSED');
		expect(networkCodeOf(new Error('socket hang up'))).toBe('ECONNRESET');
		expect(networkCodeOf(new Error('connect ETIMEDOUT 1.2.3.4:443'))).toBe('ETIMEDOUT');
		expect(networkCodeOf(new Error('other'))).toBeUndefined();
	});
});
