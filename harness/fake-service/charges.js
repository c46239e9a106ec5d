'use strict';
/** Whether a workspace may pay for a job: its plan must include the model, its credits the estimate. */
const { planRestricted } = require('./catalogue');
const { HttpError } = require('./errors');

/** Refuses (402) a job on a model the plan excludes, or one that costs more credits than are left. */
function checkAffordable(account, model, estimated) {
	if (planRestricted.has(model.id))
		throw new HttpError(402, `Model ${model.id} is not available on your plan.`);
	if (account.credits < estimated) {
		throw new HttpError(
			402,
			`Not enough credits: this job needs ${estimated}, the workspace has ${account.credits}.`,
		);
	}
}

module.exports = { checkAffordable };
