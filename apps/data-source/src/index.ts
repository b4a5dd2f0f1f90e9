import { Module } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { migrate } from '@bi/persistence';
import { CONFIG, serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { DataSourceEvents } from './data-source.events.js';
import { DataSourceGrpcController } from './data-source.grpc.controller.js';
import { DataSourceRepository } from './data-source.repository.js';
import { ErpAccountRepository } from './erp-accounts/erp-account.repository.js';
import { ErpAccountService } from './erp-accounts/erp-account.service.js';
import { JoinTableService } from './joins/join-table.service.js';
import { DATA_SOURCE_MIGRATIONS, DATA_SOURCE_SCHEMA } from './migrations.js';
export { DATA_SOURCE_MIGRATIONS, DATA_SOURCE_SCHEMA } from './migrations.js';
import { SourceQueryGrpcController } from './query/source-query.grpc.controller.js';
import { SourceQueryService } from './query/source-query.service.js';
import { RollupsService } from './query/rollups.service.js';
import { SecretBox } from './secrets.js';
import { SourceRunner } from './source-runner.js';
import { ERP_ACCOUNT_RESOLVER, ErpReportService } from './sources/erp-report.service.js';
import { IndicatorService } from './sources/indicator.service.js';
import { StoredErpAccountResolver } from './erp-accounts/erp-account.resolver.js';
import { FieldsService } from './sources/fields.service.js';
import { FoldersService } from './sources/folders.service.js';
import { HistoryService } from './sources/history.service.js';
import { ProbeService } from './sources/probe.service.js';
import { RowRulesService } from './sources/row-rules.service.js';
import { SourceRevisions } from './sources/source-revisions.js';
import { RowsService } from './sources/rows.service.js';
import { SourceLookup } from './sources/source-lookup.js';
import { SourceSpecs } from './sources/source-specs.js';
import { SourceWriter } from './sources/source-writer.js';
import { SourcesService } from './sources/sources.service.js';
import { SyncRunner } from './connectors/sync-runner.js';
import { ApiSourcesService } from './sources/api-sources.service.js';
import { SyncService } from './connectors/sync.service.js';
import { RunAs } from './connectors/run-as.js';
import { DemoData } from './uploads/demo.js';
import { UploadService } from './uploads/upload.service.js';

@Module({})
export class DataSourceModule {}

export { generateDemoCsv } from './uploads/demo.js';
/** The connectors by name (a spec may stand in a connector of its own for a kind's entry). */
export { CONNECTORS, type ConnectorEntry, type SyncContext, type SyncPlan } from './connectors/index.js';
export type { Connector } from './connectors/connector.js';
export { SyncService, SYNC_JOB } from './connectors/sync.service.js';

/**
 * Migrates the data_source schema and serves DataSourceService. Closing the app stops the outbox
 * relay and closes every source connection pool (Nest's module-destroy hooks).
 */
export async function startDataSourceService(runtime: ServiceRuntime, url: string) {
  await migrate(runtime.db, DATA_SOURCE_SCHEMA, DATA_SOURCE_MIGRATIONS);
  const app = await startGrpcService(
    'data-source',
    serviceModule(DataSourceModule, 'data-source', runtime, {
      controllers: [DataSourceGrpcController, SourceQueryGrpcController],
      providers: [
        SourceRevisions,
        DataSourceRepository,
        DataSourceEvents,
        SourceLookup,
        SourceSpecs,
        SourceWriter,
        FoldersService,
        SourcesService,
        ProbeService,
        FieldsService,
        RowRulesService,
        HistoryService,
        RowsService,
        SyncRunner,
        SyncService,
        RunAs,
        SourceRunner,
        SourceQueryService,
        RollupsService,
        JoinTableService,
        ErpReportService,
        IndicatorService,
        // the ERP account of a request read from the request itself until the accounts store binds its resolver
        { provide: ERP_ACCOUNT_RESOLVER, useClass: StoredErpAccountResolver },
        UploadService,
        ApiSourcesService,
        DemoData,
        ErpAccountRepository,
        ErpAccountService,
        { provide: SecretBox, useFactory: (config: AppConfig) => SecretBox.fromConfig(config.dataSources.secretKey, config.dataDir), inject: [CONFIG] },
      ],
    }),
    runtime,
    url,
  );
  // Demo content of the first start (BI_DEMO): in the background, once the service is serving.
  if (runtime.config.demo) app.get(DemoData).loadInBackground();
  return app;
}
