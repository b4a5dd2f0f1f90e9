import type { ModuleFlags, WizardType } from '../types';

/** join: the multi-table join designer (spec 02 §2 screen 1: gated by the Excel flag). */
export type SourceTypeKey = WizardType | 'excel' | 'join';

export interface SourceTypeOption {
  key: SourceTypeKey;
  /** The module flag of GET get-shipment-modules-data/datasource that gates it. */
  module: string;
}

/** The create-source dialog's entries in order, with their module flag (docs/api/data-source.md "Types"). */
export const SOURCE_TYPE_OPTIONS: readonly SourceTypeOption[] = [
  { key: 'sql', module: 'sql' },
  { key: 'mysql', module: 'mysql' },
  { key: 'oracle', module: 'oracle' },
  { key: 'postgres', module: 'sql' },
  { key: 'excel', module: 'excel' },
  { key: 'join', module: 'excel' },
];

/** True when the server's flags allow creating sources of this module (`{name: {permission: true}}`). */
export function moduleAllowed(flags: ModuleFlags | null | undefined, module: string): boolean {
  return flags?.[module]?.permission === true;
}

/**
 * The source types the create dialog lists (spec 02 §2 screen 1, §6): each one only when its module
 * flag is on. Excel opens the upload wizard (/data_source_excel/{projectId}/create), multi-table
 * join the join designer (/data_source/join_table/{projectId}).
 */
export function availableSourceTypes(flags: ModuleFlags | null | undefined): SourceTypeOption[] {
  return SOURCE_TYPE_OPTIONS.filter((option) => moduleAllowed(flags, option.module));
}
