import { describe, expect, it } from '@jest/globals';
import { exportFileName, parseTemplateFile } from './file';

describe('template files', () => {
  it('accepts a template file and refuses anything else', () => {
    const file = { format: 'bi-template', formatVersion: 1, kind: 'dash', name: 'Sales', sources: [], dashboards: [] };
    expect(parseTemplateFile(JSON.stringify(file))?.name).toBe('Sales');
    expect(parseTemplateFile('not json')).toBeNull();
    expect(parseTemplateFile('[]')).toBeNull();
    expect(parseTemplateFile(JSON.stringify({ ...file, format: 'other' }))).toBeNull();
    expect(parseTemplateFile(JSON.stringify({ ...file, kind: 'x' }))).toBeNull();
    expect(parseTemplateFile(JSON.stringify({ ...file, dashboards: undefined }))).toBeNull();
  });

  it('names the download after the template', () => {
    expect(exportFileName('Sales / 2024')).toBe('Sales _ 2024.template.json');
    expect(exportFileName('销售看板')).toBe('销售看板.template.json');
    expect(exportFileName('  ')).toBe('template.template.json');
  });
});
