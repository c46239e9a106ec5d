'use strict';
/**
 * How wide the plan's promise tests sweep, from MEDIA_GEN_PLAN_SWEEP (n8n's lint keeps `process`
 * out of TypeScript files): `npm test` runs every family on 20 seeds (`wide`), `npm run test:unit`
 * on 2 (`unit`, the default), and the mutation run one family in six on one seed (`mutation`),
 * beside the plan's targeted tests.
 */
const SWEEPS = {
	wide: { seeds: 20, everyNth: 1 },
	unit: { seeds: 2, everyNth: 1 },
	mutation: { seeds: 1, everyNth: 6 },
};

const sweep = SWEEPS[process.env.MEDIA_GEN_PLAN_SWEEP ?? 'unit'];
if (!sweep) throw new Error(`MEDIA_GEN_PLAN_SWEEP is one of ${Object.keys(SWEEPS).join(', ')}`);

module.exports = { sweep };
