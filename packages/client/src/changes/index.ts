export { type Change, type ChangePages, type ChangeType, changeLine, type RecordKind } from './change.js';
export { type CycleOptions, type CycleReport, runChangeCycle } from './change-cycle.js';
export { type ChangeState, ChangeStateError, decodeState, encodeState } from './change-state.js';
export { type Detection, type DetectOptions, detectChanges } from './detect-changes.js';
export { BuildHookError, type PurgeSettings, postBuildHook, purgeChangedPages } from './page-notices.js';
export type { DetectScope } from './record-reads.js';
export { type ChangeStateStore, fileStateStore, memoryStateStore } from './state-store.js';
export { cycleLine, type WatchOptions, watchChanges } from './watch-changes.js';
