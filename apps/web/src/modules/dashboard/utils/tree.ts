import { orderBetween, orderForMove } from '@bi/rules';
import type { Project } from '../types';

/** Drag-and-drop ids of the sidebar: a folder (sortable block), a folder's row as a drop target, a dashboard. */
export type DragKind = 'folder' | 'folderRow' | 'dashboard';

export function dragId(kind: DragKind, id: string): string {
  return `${kind}:${id}`;
}

export function parseDragId(value: string | number): { kind: DragKind; id: string } | null {
  const text = String(value);
  const at = text.indexOf(':');
  if (at < 0) return null;
  const kind = text.slice(0, at);
  if (kind !== 'folder' && kind !== 'folderRow' && kind !== 'dashboard') return null;
  return { kind, id: text.slice(at + 1) };
}

/** What a drop means: a new order for a folder or a dashboard, and for a dashboard maybe a new folder first. */
export type DropPlan =
  | { kind: 'project'; id: string; order: number }
  | { kind: 'dashboard'; id: string; order: number; moveTo?: string };

function folderOf(projects: readonly Project[], dashboardId: string): Project | undefined {
  return projects.find((p) => p.dashboards.some((d) => d.dashboardId === dashboardId));
}

/**
 * The calls a drop needs (spec 01 §4 sort order): folders reorder among folders; dashboards
 * reorder within their folder, or go into another folder (at the place of the dashboard they are
 * dropped on, or at the end when dropped on the folder row). Null when nothing changes.
 */
export function planDrop(projects: readonly Project[], activeId: string | number, overId: string | number | null | undefined): DropPlan | null {
  const active = parseDragId(activeId);
  const over = overId === null || overId === undefined ? null : parseDragId(overId);
  if (!active || !over) return null;

  if (active.kind === 'folder') {
    const targetFolder = over.kind === 'dashboard' ? folderOf(projects, over.id)?.projectId : over.id;
    const from = projects.findIndex((p) => p.projectId === active.id);
    const to = projects.findIndex((p) => p.projectId === targetFolder);
    if (from < 0 || to < 0 || from === to) return null;
    return { kind: 'project', id: active.id, order: orderForMove(projects.map((p) => p.order), from, to) };
  }

  if (active.kind !== 'dashboard') return null;
  const source = folderOf(projects, active.id);
  if (!source) return null;

  if (over.kind === 'dashboard') {
    if (over.id === active.id) return null;
    const target = folderOf(projects, over.id);
    if (!target) return null;
    const to = target.dashboards.findIndex((d) => d.dashboardId === over.id);
    if (target.projectId === source.projectId) {
      const from = source.dashboards.findIndex((d) => d.dashboardId === active.id);
      if (from === to) return null;
      return { kind: 'dashboard', id: active.id, order: orderForMove(source.dashboards.map((d) => d.order), from, to) };
    }
    // into another folder, taking the place of the dashboard it was dropped on
    return {
      kind: 'dashboard',
      id: active.id,
      order: orderBetween(target.dashboards[to - 1]?.order, target.dashboards[to]?.order),
      moveTo: target.projectId,
    };
  }

  // dropped on a folder row (or block): into that folder, at the end
  const target = projects.find((p) => p.projectId === over.id);
  if (!target || target.projectId === source.projectId) return null;
  const last = target.dashboards[target.dashboards.length - 1];
  return { kind: 'dashboard', id: active.id, order: orderBetween(last?.order, undefined), moveTo: target.projectId };
}

/** The folder list as it will be after the plan (for the optimistic update), sorted by order. */
export function applyDrop(projects: readonly Project[], plan: DropPlan): Project[] {
  if (plan.kind === 'project') {
    return projects.map((p) => (p.projectId === plan.id ? { ...p, order: plan.order } : p)).sort((a, b) => a.order - b.order);
  }
  const source = folderOf(projects, plan.id);
  const moving = source?.dashboards.find((d) => d.dashboardId === plan.id);
  if (!source || !moving) return [...projects];
  const targetId = plan.moveTo ?? source.projectId;
  const moved = { ...moving, projectId: targetId, order: plan.order };
  return projects.map((p) => {
    let dashboards = p.dashboards;
    if (p.projectId === source.projectId) dashboards = dashboards.filter((d) => d.dashboardId !== plan.id);
    if (p.projectId === targetId) dashboards = [...dashboards, moved].sort((a, b) => a.order - b.order);
    return dashboards === p.dashboards ? p : { ...p, dashboards };
  });
}
