// What a seeded application is: its settings and what its deployment history looks like.
import type { GeneratedPlan } from './generated-history.js';
import type { HistoryPlan } from './history.js';
import type { AppFields, RecordShape } from './model.js';

export interface AppDefinition {
  readonly uuid: string;
  readonly name: string;
  readonly environmentUuid: string;
  readonly serverUuid: string;
  /** Overrides of the defaults (records.ts `appDefaults`): its settings now. */
  readonly fields: AppFields;
  readonly plan?: HistoryPlan;
  /** A history too long to hold: made on demand, each deployment with a short log (instead of `plan`). */
  readonly generated?: GeneratedPlan;
  /** How its deployment records look (default: the interface's settings snapshots). */
  readonly shape?: RecordShape;
  /** Ages (0 = the newest) of its deployments whose log is huge, about 20,000 entries; past the first page. */
  readonly bigLogs?: readonly number[];
}
