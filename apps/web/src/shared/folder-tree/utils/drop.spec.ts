import { describe, expect, it } from '@jest/globals';
import { acceptsDrop, applyDrop, dragId, parseDragId, planDrop } from './drop';
import { folders, shape } from './tree.fixtures';

const F = (id: string) => dragId('folder', id);
const R = (id: string) => dragId('folderRow', id);
const I = (id: string) => dragId('item', id);

describe('drag ids', () => {
  it('round-trip (ids may hold colons) and refuse unknown kinds', () => {
    expect(parseDragId(I('x:y'))).toEqual({ kind: 'item', id: 'x:y' });
    expect(parseDragId(R('p1'))).toEqual({ kind: 'folderRow', id: 'p1' });
    expect(parseDragId('nope')).toBeNull();
    expect(parseDragId('dashboard:1')).toBeNull();
  });

  it('lets folders land on folders only, items on items and folder rows', () => {
    expect(acceptsDrop(F('a'), F('b'))).toBe(true);
    expect(acceptsDrop(F('a'), R('b'))).toBe(false);
    expect(acceptsDrop(F('a'), I('b'))).toBe(false);
    expect(acceptsDrop(I('a'), I('b'))).toBe(true);
    expect(acceptsDrop(I('a'), R('b'))).toBe(true);
    expect(acceptsDrop(I('a'), F('b'))).toBe(false);
  });
});

describe('planDrop: drop position → sort call (folders 10, 20, 30)', () => {
  it('a folder dropped on another takes its place: the order between its new neighbours', () => {
    expect(planDrop(shape, folders, F('p3'), F('p1'))).toEqual({ kind: 'folder', id: 'p3', order: 5 });
    expect(planDrop(shape, folders, F('p3'), F('p2'))).toEqual({ kind: 'folder', id: 'p3', order: 15 });
    expect(planDrop(shape, folders, F('p1'), F('p2'))).toEqual({ kind: 'folder', id: 'p1', order: 25 });
    expect(planDrop(shape, folders, F('p1'), F('p3'))).toEqual({ kind: 'folder', id: 'p1', order: 40 });
    // over an item of a folder counts as over that folder
    expect(planDrop(shape, folders, F('p3'), I('s3'))).toEqual({ kind: 'folder', id: 'p3', order: 15 });
  });

  it('no call when a folder is dropped on itself, on nothing or on an unknown id', () => {
    expect(planDrop(shape, folders, F('p2'), F('p2'))).toBeNull();
    expect(planDrop(shape, folders, F('p2'), null)).toBeNull();
    expect(planDrop(shape, folders, F('p2'), undefined)).toBeNull();
    expect(planDrop(shape, folders, F('zz'), F('p1'))).toBeNull();
    expect(planDrop(shape, folders, F('p1'), 'bad')).toBeNull();
  });

  it('items without an order only move between folders (no order sent)', () => {
    expect(planDrop(shape, folders, I('s1'), I('s2'))).toBeNull();
    expect(planDrop(shape, folders, I('s1'), I('s3'))).toEqual({ kind: 'item', id: 's1', moveTo: 'p2', from: 'p1' });
    expect(planDrop(shape, folders, I('s1'), R('p3'))).toEqual({ kind: 'item', id: 's1', moveTo: 'p3', from: 'p1' });
    expect(planDrop(shape, folders, I('s1'), R('p1'))).toBeNull();
  });
});

describe('applyDrop (optimistic update)', () => {
  it('reorders folders by their new order', () => {
    const plan = planDrop(shape, folders, F('p3'), F('p1'))!;
    expect(applyDrop(shape, folders, plan).map((f) => f.key)).toEqual(['p3', 'p1', 'p2']);
  });

  it('moves an unordered item to the end of its new folder, leaving the input alone', () => {
    const out = applyDrop(shape, folders, { kind: 'item', id: 's1', moveTo: 'p2' });
    expect(out.map((f) => f.children.map((i) => `${i.key}@${i.folder}`))).toEqual([['s2@p1'], ['s3@p2', 's4@p2', 's1@p2'], []]);
    expect(folders[0]!.children).toHaveLength(2);
  });

  it('changes nothing for an unknown item', () => {
    expect(applyDrop(shape, folders, { kind: 'item', id: 'zz', moveTo: 'p2' })).toEqual(folders);
  });
});
