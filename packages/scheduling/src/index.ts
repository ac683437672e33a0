export { buildMip, type ExactResult, highs, solveExact } from './exact';
export { construct, type FastOptions, type FastResult, improve, Search, solveFast } from './fast';
export { type GeneratorParams, generateInstance, type InstanceSize, SIZES } from './generate';
export { buildProblem, conflictOf, type Problem } from './problem';
export { rng } from './random';
export {
  type Breach,
  type BreachRule,
  breachesOf,
  type Evaluation,
  evaluate,
  type Penalty,
  penaltyOf,
} from './rostering/evaluate';
export {
  type ProductRoster,
  productPlanOf,
  rosterInstanceOf,
  rosterOfPlans,
} from './rostering/from-product';
export type { Cover, Person, Roster, RosterInstance, ShiftRequest, ShiftType } from './rostering/instance';
export { readInstance } from './rostering/read-instance';
export { readRoster, writeRoster } from './rostering/roster-table';
export {
  type RosterProgress,
  type RosterSolveOptions,
  type RosterSolveResult,
  solveRoster,
} from './rostering/solve-roster';
export { DEFAULT_OPTIONS, solveMatching } from './solve';
export { objectiveOf, State } from './state';
export * from './types';
export { validateProposal } from './validate';
export { DEFAULT_WEIGHTS, weightsOf } from './weights';
export { closeMatchingWorker, solveInWorker, solveRosterInWorker, type WorkerOptions } from './worker';
