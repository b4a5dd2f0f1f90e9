import { describe, expect, it } from '@jest/globals';
import { chartBoxActions, dashboardToolbarActions, editAuthFor } from './permissions';

describe('editAuthFor', () => {
  it('needs dashboard:edit on the dashboard tab and template:edit on the template tab', () => {
    expect(editAuthFor('dashboard', false, true)).toBe(true);
    expect(editAuthFor('dashboard', true, false)).toBe(false);
    expect(editAuthFor('template', false, true)).toBe(false);
    expect(editAuthFor('template', true, false)).toBe(true);
  });
});

describe('chartBoxActions', () => {
  const editing = ['edit', 'delete', 'copy', 'hide', 'linkSettings'] as const;
  const always = ['refresh', 'fullScreen', 'innerFilters', 'compareSplit', 'export'] as const;

  it('shows every entry to an editor with data-source access on the dashboard tab', () => {
    const actions = chartBoxActions({ editAuth: true, dataSourceAuth: true, tab: 'dashboard' });
    expect(Object.values(actions).every(Boolean)).toBe(true);
  });

  it('hides the editing entries without editAuth, keeping refresh, full-screen, export, compare split', () => {
    const actions = chartBoxActions({ editAuth: false, dataSourceAuth: true, tab: 'dashboard' });
    for (const key of editing) expect(actions[key]).toBe(false);
    expect(actions.alarm).toBe(false);
    expect(actions.modifyDataSource).toBe(false);
    for (const key of always) expect(actions[key]).toBe(true);
    expect(actions.detailQuery).toBe(true);
  });

  it('hides the editing entries when an apiName query is present, even for an editor', () => {
    const actions = chartBoxActions({ editAuth: true, dataSourceAuth: true, apiName: 'template', tab: 'template' });
    for (const key of editing) expect(actions[key]).toBe(false);
    expect(actions.alarm).toBe(false);
    expect(actions.modifyDataSource).toBe(false);
    for (const key of always) expect(actions[key]).toBe(true);
  });

  it('offers the alarm setting on the dashboard tab only', () => {
    expect(chartBoxActions({ editAuth: true, dataSourceAuth: true, tab: 'dashboard' }).alarm).toBe(true);
    expect(chartBoxActions({ editAuth: true, dataSourceAuth: true, tab: 'template' }).alarm).toBe(false);
    expect(chartBoxActions({ editAuth: true, dataSourceAuth: true, tab: 'template' }).edit).toBe(true);
  });

  it('needs data-source access to modify the data source or query details', () => {
    const actions = chartBoxActions({ editAuth: true, dataSourceAuth: false, tab: 'dashboard' });
    expect(actions.modifyDataSource).toBe(false);
    expect(actions.detailQuery).toBe(false);
    expect(actions.edit).toBe(true);
    expect(actions.export).toBe(true);
  });

  it('treats an empty apiName as absent', () => {
    expect(chartBoxActions({ editAuth: true, dataSourceAuth: true, apiName: '', tab: 'dashboard' }).edit).toBe(true);
    expect(chartBoxActions({ editAuth: true, dataSourceAuth: true, apiName: null, tab: 'dashboard' }).edit).toBe(true);
  });
});

describe('dashboardToolbarActions', () => {
  it('shows the editing tools, export, full-screen and the lock outside full-screen', () => {
    expect(dashboardToolbarActions({ editAuth: true, fullScreen: false })).toEqual({
      addChart: true,
      export: true,
      globalFilter: true,
      hideCharts: true,
      refreshSettings: false,
      fullScreen: true,
      lock: true,
      carousel: false,
    });
  });

  it('shows refresh settings and the carousel only in full-screen, without the lock', () => {
    const actions = dashboardToolbarActions({ editAuth: true, fullScreen: true });
    expect(actions).toMatchObject({ refreshSettings: true, carousel: true, lock: false, fullScreen: true, addChart: false, export: false });
  });

  it('needs editAuth for add chart, global filter and hide charts', () => {
    expect(dashboardToolbarActions({ editAuth: false, fullScreen: false })).toMatchObject({ addChart: false, globalFilter: false, hideCharts: false, export: true, fullScreen: true });
  });

  it('hides the lock toggle without editAuth (a viewer has nothing to unlock)', () => {
    expect(dashboardToolbarActions({ editAuth: false, fullScreen: false }).lock).toBe(false);
  });

  it('hides the lock toggle and the editing tools with an apiName query', () => {
    expect(dashboardToolbarActions({ editAuth: true, apiName: 'template', fullScreen: false })).toMatchObject({ lock: false, addChart: false, hideCharts: false, export: true });
  });
});
