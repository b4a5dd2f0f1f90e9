import { describe, expect, it } from '@jest/globals';
import type { PublishMenuFolder } from '../types';
import { publishDefaults, publishedText } from './publish';

const menu: PublishMenuFolder[] = [
  { projectId: 'p1', name: 'Sales', dashboards: [{ dashboardId: 'd1', name: 'Overview' }] },
  { projectId: 'p2', name: 'Empty', dashboards: [] },
];

describe('publish form', () => {
  it('names the template after the dashboard, filed under its folder; a folder after itself', () => {
    expect(publishDefaults(menu, 'dash', 'd1')).toEqual({ name: 'Overview', folder: 'Sales' });
    expect(publishDefaults(menu, 'proj', 'p2')).toEqual({ name: 'Empty' });
    expect(publishDefaults(menu, 'dash', 'p1')).toBeNull();
  });

  it('shows a non-empty text answer as the message', () => {
    expect(publishedText('Published "A" (version 2)')).toBe('Published "A" (version 2)');
    expect(publishedText('  ')).toBe('');
    expect(publishedText(null)).toBe('');
    expect(publishedText({ message: 'done' })).toBe('done');
  });
});
