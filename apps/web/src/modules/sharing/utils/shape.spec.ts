import { describe, expect, it } from '@jest/globals';
import { normalizeFailures, normalizeShareForm } from './shape';

describe('share form answer', () => {
  it('keeps roles and users with ids and names, and the selections as ids', () => {
    const form = normalizeShareForm({
      roles: [{ id: 'viewer', name: 'viewer' }, { id: 'analyst' }, { name: 'no id' }],
      users: [{ id: 'u1', name: 'Ann' }],
      selectRoles: ['viewer', { id: 'analyst' }, 'viewer'],
      selectUsers: [{ id: 'u1', name: 'Ann' }],
    });
    expect(form).toEqual({
      roles: [
        { id: 'viewer', name: 'viewer' },
        { id: 'analyst', name: 'analyst' },
      ],
      users: [{ id: 'u1', name: 'Ann' }],
      selectRoles: ['viewer', 'analyst'],
      selectUsers: ['u1'],
    });
  });

  it('answers empty lists for a missing or odd answer', () => {
    expect(normalizeShareForm(null)).toEqual({ roles: [], users: [], selectRoles: [], selectUsers: [] });
    expect(normalizeShareForm({ roles: 'x' })).toEqual({ roles: [], users: [], selectRoles: [], selectUsers: [] });
  });
});

describe('failure log', () => {
  it('reads a list of {dataSourceName, failedMessage}', () => {
    expect(normalizeFailures([{ dataSourceId: 'd1', dataSourceName: 'Sales', failedMessage: 'no access' }])).toEqual([
      { dataSourceId: 'd1', dataSourceName: 'Sales', failedMessage: 'no access' },
    ]);
  });

  it('reads {failures: [...]}, and an empty or missing log as success', () => {
    expect(normalizeFailures({ failures: [{ dataSourceName: 'A', failedMessage: 'x' }] })).toEqual([{ dataSourceName: 'A', failedMessage: 'x' }]);
    expect(normalizeFailures([])).toEqual([]);
    expect(normalizeFailures(undefined)).toEqual([]);
  });
});
