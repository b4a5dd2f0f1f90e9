import { describe, expect, it } from '@jest/globals';
import { canDrag, canToggleLock, initialLocked } from './lock';

describe('lock rules', () => {
  it('is locked by default and unlocked only by lockEdit=false', () => {
    expect(initialLocked({})).toBe(true);
    expect(initialLocked({ lockEdit: null })).toBe(true);
    expect(initialLocked({ lockEdit: 'true' })).toBe(true);
    expect(initialLocked({ lockEdit: 'FALSE' })).toBe(true);
    expect(initialLocked({ lockEdit: 'false' })).toBe(false);
  });

  it('cannot be toggled with an apiName query', () => {
    expect(canToggleLock({})).toBe(true);
    expect(canToggleLock({ apiName: 'template' })).toBe(false);
    expect(canToggleLock({ apiName: '' })).toBe(true);
  });

  it('allows dragging only when unlocked and with the edit right of the tab', () => {
    expect(canDrag({ locked: true, editAuth: true })).toBe(false);
    expect(canDrag({ locked: false, editAuth: true })).toBe(true);
    // a viewer opening ?lockEdit=false still cannot move charts
    expect(canDrag({ locked: false, editAuth: false })).toBe(false);
  });
});
