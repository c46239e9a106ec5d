/** Types of the fake service (server.js) for the TypeScript tests: what they use of it. */
export type FakeServiceOptions = Record<string, unknown>;

export interface FakeService {
	readonly apiUrl: string;
	readonly filesOrigin: string;
	state: { jobs: Map<string, Record<string, unknown>>; fileRequests: unknown[] };
	faults: { add(fault: Record<string, unknown>): void; clear(): void };
	stop(): Promise<void>;
}

export function startFakeService(options?: FakeServiceOptions): Promise<FakeService>;
