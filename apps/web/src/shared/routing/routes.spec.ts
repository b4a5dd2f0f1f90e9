import { describe, expect, it } from '@jest/globals';
import { ROUTE_PATHS, buildPath } from './routes';

describe('route table', () => {
  it('registers every route of the spec', () => {
    expect(ROUTE_PATHS).toEqual({
      dashboard: '/dashboard/:project?/:dashboard?',
      data_source: '/data_source/:project?/:data_source?',
      data_source_sql: '/data_source_sql/:project/:type?',
      data_source_e10: '/data_source_e10/:project',
      data_source_e10_report: '/data_source_e10_report/:project/:action',
      data_source_e10_edit: '/data_source_e10_edit/:project',
      data_source_edit: '/data_source_edit/:data_source',
      data_source_yifei: '/data_source_yifei/:project',
      data_source_sbep_edit: '/data_source_sbep_edit/:data_source',
      data_source_excel: '/data_source_excel/:project/:action',
      join_table: '/data_source/join_table/:project/:data_source?',
      data_source_publish: '/data_source_publish/:project',
      data_source_batch_publish: '/data_source/batch_publish',
      database: '/database/:project?/:data_source?',
      template_tab: '/template',
      template: '/template/:project?/:dashboard?',
      dashboard_chart_edit: '/dashboard/chart_edit/:project/:dashboard/:chart',
      template_chart_edit: '/template/chart_edit/:project/:dashboard/:chart',
      login: '/account/login',
      dashboard_relation: '/dashboard/relation/:project?/:relation?',
      template_relation: '/template/relation/:project?/:relation?',
      admin: '/admin/:section?',
      api_keys: '/account/api-keys',
    });
  });
});

describe('buildPath', () => {
  it('fills parameters and drops missing optional ones', () => {
    expect(buildPath('dashboard')).toBe('/dashboard');
    expect(buildPath('dashboard', { project: 'p1' })).toBe('/dashboard/p1');
    expect(buildPath('dashboard', { project: 'p1', dashboard: 'd1' })).toBe('/dashboard/p1/d1');
    expect(buildPath('dashboard_chart_edit', { project: 'p', dashboard: 'd', chart: 'c' })).toBe('/dashboard/chart_edit/p/d/c');
    expect(buildPath('data_source_sql', { project: 'p', type: 'mysql' })).toBe('/data_source_sql/p/mysql');
    expect(buildPath('data_source_batch_publish')).toBe('/data_source/batch_publish');
    expect(buildPath('admin', { section: 'audit' })).toBe('/admin/audit');
  });

  it('encodes values', () => {
    expect(buildPath('data_source_edit', { data_source: 'a/b c' })).toBe('/data_source_edit/a%2Fb%20c');
  });

  it('throws for a missing required parameter', () => {
    expect(() => buildPath('data_source_excel', { project: 'p' })).toThrow(/action/);
  });
});
