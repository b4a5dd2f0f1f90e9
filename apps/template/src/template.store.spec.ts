import { checkPublish } from './template.store.js';

const good = { kind: 'dash', originId: 'o', name: 'Sales kit', folderName: 'Kits', publisherId: 'u', publisherName: 'admin', projectId: 'p', dashboardIds: ['d'], roleIds: [], userIds: [], snapshotJson: '[]', sources: [] };

describe('checkPublish', () => {
  it('accepts a publication and refuses a bad kind, name, empty copy, bad snapshot and too many holders', () => {
    expect(() => checkPublish(good)).not.toThrow();
    expect(() => checkPublish({ ...good, kind: 'other' })).toThrow(expect.objectContaining({ key: 'template.kind_invalid' }));
    expect(() => checkPublish({ ...good, name: 'ab' })).toThrow(expect.objectContaining({ key: 'name.length' }));
    expect(() => checkPublish({ ...good, dashboardIds: [] })).toThrow(expect.objectContaining({ key: 'template.empty_folder' }));
    expect(() => checkPublish({ ...good, snapshotJson: '{' })).toThrow(expect.objectContaining({ key: 'request.invalid' }));
    expect(() => checkPublish({ ...good, roleIds: Array.from({ length: 1001 }, (_, i) => String(i)) })).toThrow(expect.objectContaining({ key: 'request.invalid' }));
  });
});
