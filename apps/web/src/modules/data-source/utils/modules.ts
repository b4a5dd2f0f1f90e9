import { SOURCE_KIND_REGISTRY, sourceKind, sourceKindsWhere, type SourceKindKey } from '@bi/rules';
import { buildPath, type RouteName } from '../../../shared/routing/routes';
import type { ModuleFlags } from '../types';

type Registry = typeof SOURCE_KIND_REGISTRY;

/** The kinds the create dialog lists: built ones with a create route (libs/rules source-kinds.ts). */
export type SourceTypeKey = { [K in SourceKindKey]: Registry[K] extends { available: true; create: { name: string } } ? K : never }[SourceKindKey];

/** Every route a kind's entry names is one of the web's named routes (a compile error otherwise). */
type KindRouteName = { [K in SourceKindKey]: NonNullable<Registry[K]['create']>['name'] | NonNullable<Registry[K]['edit']>['name'] }[SourceKindKey];
const KIND_ROUTES_EXIST: KindRouteName extends RouteName ? true : never = true;
void KIND_ROUTES_EXIST;

export interface SourceTypeOption {
  key: SourceTypeKey;
  /** The module flag of GET get-shipment-modules-data/datasource that gates it. */
  module: string;
}

/** The create-source dialog's entries in the registry's order, with their module flag (docs/api/data-source.md "Types"). */
export const SOURCE_TYPE_OPTIONS: readonly SourceTypeOption[] = sourceKindsWhere((e) => e.available && e.create !== null && e.module !== null).map((key) => ({
  key: key as SourceTypeKey,
  module: sourceKind(key).module!,
}));

/** True when the server's flags allow creating sources of this module (`{name: {permission: true}}`). */
export function moduleAllowed(flags: ModuleFlags | null | undefined, module: string): boolean {
  return flags?.[module]?.permission === true;
}

/**
 * The source types the create dialog lists (spec 02 §2 screen 1, §6): each one only when its module
 * flag is on. Multi-table join is gated by the Excel flag.
 */
export function availableSourceTypes(flags: ModuleFlags | null | undefined): SourceTypeOption[] {
  return SOURCE_TYPE_OPTIONS.filter((option) => moduleAllowed(flags, option.module));
}

/**
 * Where choosing a kind in the create dialog goes: its entry's create route with the folder, e.g. the SQL
 * wizard `/data_source_sql/{projectId}/{key}`, the upload wizard `/data_source_excel/{projectId}/create`,
 * the join designer `/data_source/join_table/{projectId}`.
 */
export function createPath(key: SourceTypeKey, projectId: string): string {
  const route = sourceKind(key).create!;
  return buildPath(route.name as RouteName, { ...route.params, project: projectId });
}
