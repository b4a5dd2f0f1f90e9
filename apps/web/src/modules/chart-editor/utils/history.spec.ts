import { describe, expect, it } from '@jest/globals';
import { isUndoShortcut, popUndo, pushUndo, undoBelongsElsewhere } from './history';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('undo', () => {
  it('keeps the previous states, newest last, bounded', () => {
    let stack: number[] = [];
    for (let i = 0; i < 5; i++) stack = pushUndo(stack, i, 3);
    expect(stack).toEqual([2, 3, 4]);
    expect(popUndo(stack)).toEqual({ state: 4, stack: [2, 3] });
    expect(popUndo([])).toBeNull();
  });

  it('reacts to Ctrl+Z and Cmd+Z, not to Shift (redo) or a plain z', () => {
    expect(isUndoShortcut(key('z', { ctrlKey: true }))).toBe(true);
    expect(isUndoShortcut(key('Z', { metaKey: true }))).toBe(true);
    expect(isUndoShortcut(key('z', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isUndoShortcut(key('z'))).toBe(false);
  });

  it('leaves text boxes and dialogs their own undo', () => {
    expect(undoBelongsElsewhere({ tagName: 'input' })).toBe(true);
    expect(undoBelongsElsewhere({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(undoBelongsElsewhere({ tagName: 'BUTTON', closest: (s) => (s.includes('ant-modal') ? {} : null) })).toBe(true);
    expect(undoBelongsElsewhere({ tagName: 'BUTTON', closest: () => null })).toBe(false);
    expect(undoBelongsElsewhere(null)).toBe(false);
  });
});
