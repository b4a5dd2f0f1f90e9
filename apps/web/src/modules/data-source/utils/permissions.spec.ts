import { describe, expect, it } from '@jest/globals';
import { JOIN_SOURCE_TYPE } from '@bi/rules';
import { canChange, canEditSettings, detailActions, editPath, isAdmin } from './permissions';

const editor = { canView: true, canEdit: true, isAdmin: false };
const admin = { canView: true, canEdit: true, isAdmin: true };
const viewer = { canView: true, canEdit: false, isAdmin: false };
const source = (type: number, extra: Partial<{ isReadOnly: boolean; editable: boolean; reference: string }> = {}) => ({
  type,
  isReadOnly: false,
  editable: true,
  reference: '',
  ...extra,
});

describe('edit visibility of a source', () => {
  it('is shown for editable database sources', () => {
    for (const type of [0, 2, 3, 7]) expect(canEditSettings(source(type), editor)).toBe(true);
  });

  it('is hidden for type 1, type 5 and read-only sources, even for admins', () => {
    expect(canEditSettings(source(1), admin)).toBe(false);
    expect(canEditSettings(source(5), admin)).toBe(false);
    expect(canEditSettings(source(2, { isReadOnly: true }), admin)).toBe(false);
  });

  it('opens a joined table in the join designer (any editor with access), other sources in the SQL edit screen', () => {
    expect(canEditSettings(source(JOIN_SOURCE_TYPE), editor)).toBe(true);
    expect(canEditSettings(source(JOIN_SOURCE_TYPE, { editable: false }), editor)).toBe(false);
    expect(editPath({ dataSourceId: 'j 1', projectId: 'p', type: JOIN_SOURCE_TYPE })).toBe('/data_source/join_table/p/j%201');
    expect(editPath({ dataSourceId: 's1', projectId: 'p', type: 2 })).toBe('/data_source_edit/s1');
    // the ERP report wizard takes the source's id in `project` (spec 02 §2)
    expect(editPath({ dataSourceId: 'e1', projectId: 'p', type: 4 })).toBe('/data_source_e10_report/e1/edit');
  });

  it('needs datasource:edit and access to the source', () => {
    expect(canEditSettings(source(2), viewer)).toBe(false);
    expect(canEditSettings(source(2, { editable: false }), editor)).toBe(false);
  });

  it('the analytics store (free SQL) only for admins; types without an edit screen never', () => {
    expect(canEditSettings(source(8), editor)).toBe(false);
    expect(canEditSettings(source(8), admin)).toBe(true);
    // an ERP report (type 4) has its wizard's edit mode
    expect(canEditSettings(source(4), admin)).toBe(true);
    // SBEP (type 6) has its edit screen since issue 29 (docs/adr/0017); the indicator imports (1, 5) have none
    expect(canEditSettings(source(6), admin)).toBe(true);
    expect(canEditSettings(source(1), admin)).toBe(false);
  });
});

describe('changing and the detail toolbar', () => {
  it('delete and field settings need datasource:edit and editable', () => {
    expect(canChange({ editable: true }, editor)).toBe(true);
    expect(canChange({ editable: false }, editor)).toBe(false);
    expect(canChange({ editable: true }, viewer)).toBe(false);
  });

  it('a viewer may only export', () => {
    expect(detailActions(source(2, { editable: false }), viewer)).toEqual({ export: true, edit: false, delete: false, editFields: false, addField: false, share: false });
  });

  it('share for those who may change the source (datasource:edit and access, or admin)', () => {
    expect(detailActions(source(2), editor).share).toBe(true);
    expect(detailActions(source(2, { editable: false }), editor).share).toBe(false);
    expect(detailActions(source(8), admin).share).toBe(true);
  });

  it('add field only for read-only sources without a reference, for those who may change the source', () => {
    expect(detailActions(source(2, { isReadOnly: true, editable: false }), editor).addField).toBe(false);
    expect(detailActions(source(2), editor).addField).toBe(false);
    expect(detailActions(source(2, { isReadOnly: true }), editor).addField).toBe(true);
    expect(detailActions(source(2, { isReadOnly: true, reference: 'jointable' }), editor).addField).toBe(false);
  });

  it('admin is the role id admin', () => {
    expect(isAdmin({ roles: [{ id: 'admin' }] })).toBe(true);
    expect(isAdmin({ roles: [{ id: 'analyst' }], permissions: [{ target: 'drn:iam:app:margin:admin' }] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
