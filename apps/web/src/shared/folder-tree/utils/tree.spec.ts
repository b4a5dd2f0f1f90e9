import { describe, expect, it } from '@jest/globals';
import { folders, shape } from './tree.fixtures';
import { filterTree, folderOfItem, matchingItems } from './tree';

describe('filterTree', () => {
  it('keeps everything without a query (blanks count as none)', () => {
    expect(filterTree(shape, folders, '')).toEqual(folders);
    expect(filterTree(shape, folders, '   ')).toEqual(folders);
  });

  it('keeps only folders with matching items, and only those items, ignoring case; folder names do not match', () => {
    const out = filterTree(shape, folders, 'REVENUE');
    expect(out.map((f) => f.key)).toEqual(['p1', 'p2']);
    expect(out.map((f) => f.children.map((i) => i.key))).toEqual([['s1'], ['s4']]);
    expect(filterTree(shape, folders, 'folder')).toEqual([]);
  });

  it('matches non-ASCII names, trims the query and leaves its input alone', () => {
    expect(filterTree(shape, folders, ' 销售 ').map((f) => f.key)).toEqual(['p2']);
    expect(folders[1]!.children).toHaveLength(2);
  });
});

describe('matchingItems (search dropdown)', () => {
  it('lists matches in folder order with their folder, at most `limit`', () => {
    expect(matchingItems(shape, folders, 'rev').map((m) => [m.item.key, m.folderId, m.folderName])).toEqual([
      ['s1', 'p1', 'Sales'],
      ['s4', 'p2', 'Revenue folder'],
    ]);
    expect(matchingItems(shape, folders, 'r', 2).map((m) => m.item.key)).toEqual(['s1', 's2']);
    expect(matchingItems(shape, folders, ' ')).toEqual([]);
  });
});

describe('folderOfItem', () => {
  it('finds the folder holding an item', () => {
    expect(folderOfItem(shape, folders, 's3')?.key).toBe('p2');
    expect(folderOfItem(shape, folders, 'nope')).toBeUndefined();
  });
});
