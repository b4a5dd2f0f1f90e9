import { describe, expect, it } from '@jest/globals';
import { nodeRights, tidyMenu } from './menu';

describe('tidyMenu', () => {
  it('drops empty entries and dividers at either end or twice in a row', () => {
    const a = { key: 'a', label: 'A', testId: 'menu-a' };
    const b = { key: 'b', label: 'B', testId: 'menu-b' };
    expect(tidyMenu([{ divider: true }, a, false, { divider: true }, null, { divider: true }, b, { divider: true }])).toEqual([a, { divider: true }, b]);
    expect(tidyMenu([undefined, { divider: true }])).toEqual([]);
  });
});

describe('nodeRights', () => {
  it('needs the edit right for any menu or drag; a reserved name cannot be renamed, deleted or copied', () => {
    expect(nodeRights('Sales', false)).toEqual({ menu: false, drag: false, rename: false, delete: false, copy: false });
    expect(nodeRights('Sales', true)).toEqual({ menu: true, drag: true, rename: true, delete: true, copy: true });
    expect(nodeRights('SBEP', true)).toEqual({ menu: true, drag: true, rename: false, delete: false, copy: false });
  });
});
