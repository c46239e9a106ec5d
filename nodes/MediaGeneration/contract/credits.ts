/**
 * What a create is estimated to cost: `credits` (absent when it cannot be known before the job),
 * how the figure was made, and whether it is only an upper bound (a source clip given by id).
 */
export type CreditEstimate = { credits?: number; basis: string; upperBound?: boolean };
