import { describe, expect, it } from '@jest/globals';
import type { Location } from 'react-router-dom';
import { leavesPage } from './useLeaveConfirmation';

const at = (pathname: string, search = '', hash = ''): Location => ({ pathname, search, hash, state: null, key: 'k' });
const move = (from: Location, to: Location) => leavesPage({ currentLocation: from, nextLocation: to, historyAction: 'PUSH' as never });

describe('leavesPage (which navigations ask before unsaved changes are dropped)', () => {
  it('asks when the path or the search changes', () => {
    expect(move(at('/relation/edit/r1'), at('/relation/p1/r1'))).toBe(true);
    expect(move(at('/data_source/join_table/p1'), at('/data_source/join_table/p1', '?x=1'))).toBe(true);
  });
  it('lets a hash-only move or the same address through', () => {
    expect(move(at('/relation/edit/r1'), at('/relation/edit/r1'))).toBe(false);
    expect(move(at('/relation/edit/r1', '?a=1'), at('/relation/edit/r1', '?a=1', '#node'))).toBe(false);
  });
});
