import { describe, expect, it } from '@jest/globals';
import { chartTitleError, exportFileName } from './names';

describe('name validation messages', () => {
  it('checks chart titles at 1 to 50 characters', () => {
    expect(chartTitleError('')).toBe('chart.titleRequired');
    expect(chartTitleError('x')).toBeNull();
    expect(chartTitleError('T\r\nBcc: evil@x.zz')).toBe('chart.titleLineBreak');
    expect(chartTitleError('x'.repeat(50))).toBeNull();
    expect(chartTitleError('x'.repeat(51))).toBe('chart.titleLength');
  });

  it('builds export file names from the dashboard name', () => {
    expect(exportFileName('Sales 2026', 'png')).toBe('Sales 2026.png');
    expect(exportFileName('a/b:c', 'pdf')).toBe('a_b_c.pdf');
    expect(exportFileName('  ', 'pdf')).toBe('dashboard.pdf');
  });
});
