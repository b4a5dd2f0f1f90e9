import { describe, expect, it } from '@jest/globals';
import { dashboardLink } from './link';

describe('dashboardLink', () => {
  const board = { projectId: 'p 1', dashboardId: 'd/2' };

  it('is the origin with the tab, folder and dashboard (encoded) and the tab open query', () => {
    expect(dashboardLink('http://bi.local:8080', 'dashboard', board)).toBe('http://bi.local:8080/dashboard/p%201/d%2F2');
    expect(dashboardLink('http://bi.local', 'template', board, '?apiName=template')).toBe('http://bi.local/template/p%201/d%2F2?apiName=template');
  });

  it('keeps the view of the open dashboard (its query: filters, linkage)', () => {
    const open = { pathname: '/dashboard/p%201/d%2F2', search: '?gf=abc&link=x' };
    expect(dashboardLink('http://bi.local', 'dashboard', board, '', open)).toBe('http://bi.local/dashboard/p%201/d%2F2?gf=abc&link=x');
  });

  it('ignores the query of another open dashboard', () => {
    const open = { pathname: '/dashboard/p%201/other', search: '?gf=abc' };
    expect(dashboardLink('http://bi.local', 'dashboard', board, '', open)).toBe('http://bi.local/dashboard/p%201/d%2F2');
  });
});
