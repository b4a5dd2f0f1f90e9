import { describe, expect, it } from '@jest/globals';
import { activeSection } from './nav';

describe('activeSection', () => {
  it('maps paths to header links', () => {
    expect(activeSection('/dashboard')).toBe('dashboard');
    expect(activeSection('/dashboard/chart_edit/p/d/c')).toBe('dashboard');
    expect(activeSection('/data_source/p')).toBe('data_source');
    expect(activeSection('/data_source_sql/p/mysql')).toBe('data_source');
    expect(activeSection('/database')).toBe('data_source');
    expect(activeSection('/template')).toBe('template');
    expect(activeSection('/admin/audit')).toBe('admin');
    expect(activeSection('/dashboards')).toBeNull();
    expect(activeSection('/account/login')).toBeNull();
  });
});
