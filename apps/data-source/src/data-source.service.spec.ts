import { loadConfig } from '@bi/config';
import { DataSourceService } from './data-source.service.js';
import type { DataSourceEvents } from './data-source.events.js';
import type { DataSourceRepository } from './data-source.repository.js';
import { SecretBox } from './secrets.js';
import type { SourceRunner } from './source-runner.js';
import type { UploadService } from './uploads/upload.service.js';

// Rules decided before any store or database is asked (so the stubs are never called).
describe('DataSourceService gates', () => {
  const service = (modules: string) =>
    new DataSourceService({} as DataSourceRepository, {} as SourceRunner, new SecretBox(Buffer.alloc(32)), {} as DataSourceEvents, loadConfig({ BI_MODULES: modules }), {} as UploadService);

  it('refuses types whose module flag is off, unknown types, and analytics-store SQL for non-admins', async () => {
    const s = service('excel,mysql');
    await expect(s.probe({ type: 0, dataSourceId: '', content: '', tableName: '', tableSchema: '', count: 0, actor: undefined })).rejects.toMatchObject({ key: 'datasource.type_disabled', params: { type: 0 } });
    await expect(s.probe({ type: 7, dataSourceId: '', content: '', tableName: '', tableSchema: '', count: 0, actor: undefined })).rejects.toMatchObject({ key: 'datasource.type_disabled' });
    await expect(s.probe({ type: 4, dataSourceId: '', content: '', tableName: '', tableSchema: '', count: 0, actor: undefined })).rejects.toMatchObject({ key: 'datasource.type_invalid' });
    await expect(s.probe({ type: 8, dataSourceId: '', content: '', tableName: '', tableSchema: '', count: 0, actor: { userId: '', userName: 'a', isAdmin: false } })).rejects.toMatchObject({
      kind: 'forbidden',
      key: 'datasource.analytics_admin_only',
    });
    await expect(
      s.createSource({ type: 2, projectId: '', name: 'abc', description: '', content: 'SELECT 1', tableName: '', tableSchema: '', cacheInterval: 0, actor: undefined }),
    ).rejects.toMatchObject({ key: 'project.required' });
  });

  it('checks folder names and ids before the store', async () => {
    const s = service('sql');
    await expect(s.createProject('ab', undefined)).rejects.toMatchObject({ key: 'name.length' });
    await expect(s.createProject('SBEP', undefined)).rejects.toMatchObject({ key: 'name.reserved' });
    await expect(s.getProject('not-a-uuid')).rejects.toMatchObject({ kind: 'not_found', key: 'project.not_found' });
    await expect(s.getSource('1; DROP TABLE x')).rejects.toMatchObject({ kind: 'not_found', key: 'datasource.not_found' });
  });
});
