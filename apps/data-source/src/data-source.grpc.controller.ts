import { Controller } from '@nestjs/common';
import { dataSourceV1 } from '@bi/proto';
import { from, type Observable } from 'rxjs';
import { ErpAccountService } from './erp-accounts/erp-account.service.js';
import { SyncService } from './connectors/sync.service.js';
import { JoinTableService } from './joins/join-table.service.js';
import { ApiSourcesService } from './sources/api-sources.service.js';
import { ErpReportService } from './sources/erp-report.service.js';
import { IndicatorService } from './sources/indicator.service.js';
import { FieldsService } from './sources/fields.service.js';
import { FoldersService } from './sources/folders.service.js';
import { HistoryService } from './sources/history.service.js';
import { ProbeService } from './sources/probe.service.js';
import { RowRulesService } from './sources/row-rules.service.js';
import { SourceRevisions, isSourceKind } from './sources/source-revisions.js';
import { AppError } from '@bi/core';
import { RowsService } from './sources/rows.service.js';
import { SourcesService } from './sources/sources.service.js';
import { iterate } from './uploads/observable.js';
import { UploadService } from './uploads/upload.service.js';

/** The grpc-js server call Nest hands in as the third argument: cancelled when the client gives up. */
interface ServerCall {
  cancelled?: boolean;
  on?(event: 'cancelled', fn: () => void): void;
}

function cancelSignal(call: ServerCall | undefined): AbortSignal | undefined {
  if (!call?.on) return undefined;
  const controller = new AbortController();
  if (call.cancelled) controller.abort();
  call.on('cancelled', () => controller.abort());
  return controller.signal;
}

@Controller()
@dataSourceV1.DataSourceServiceControllerMethods()
export class DataSourceGrpcController implements dataSourceV1.DataSourceServiceController {
  constructor(
    private readonly folders: FoldersService,
    private readonly sources: SourcesService,
    private readonly probes: ProbeService,
    private readonly fields: FieldsService,
    private readonly rowRules: RowRulesService,
    private readonly revisions: SourceRevisions,
    private readonly history: HistoryService,
    private readonly rows: RowsService,
    private readonly uploads: UploadService,
    private readonly joins: JoinTableService,
    private readonly erpAccounts: ErpAccountService,
    private readonly apis: ApiSourcesService,
    private readonly syncs: SyncService,
    private readonly erp: ErpReportService,
    private readonly indicators: IndicatorService,
  ) {}

  // ERP accounts (docs/api/data-source.md "ERP accounts")
  listErpAccounts(r: dataSourceV1.ListErpAccountsRequest) {
    return this.erpAccounts.list(r.actor);
  }
  getPrimaryErpAccount(r: dataSourceV1.ListErpAccountsRequest) {
    return this.erpAccounts.primary(r.actor);
  }
  saveErpAccount(r: dataSourceV1.SaveErpAccountRequest) {
    return this.erpAccounts.save(r);
  }
  deleteErpAccount(r: dataSourceV1.DeleteErpAccountRequest) {
    return this.erpAccounts.delete(r);
  }

  // synced copies (docs/adr/0012-synced-copies.md)
  syncSource(r: dataSourceV1.SyncSourceRequest) {
    return this.syncs.refreshNow(r);
  }
  syncStatus(r: dataSourceV1.SyncStatusRequest) {
    return this.syncs.status(r);
  }

  // joined tables (docs/api/join-table.md)
  listJoinable() {
    return this.joins.listJoinable();
  }
  joinFields(r: dataSourceV1.JoinTableRequest) {
    return this.joins.joinFields(r.showName, r.dataSourceId);
  }
  getJoin(r: dataSourceV1.JoinTableRequest) {
    return this.joins.getJoin(r.dataSourceId);
  }
  previewJoin(r: dataSourceV1.JoinTableRequest) {
    return this.joins.previewJoin(r.inputJson);
  }
  saveJoin(r: dataSourceV1.JoinTableRequest) {
    return this.joins.saveJoin(r);
  }
  getFederation() {
    return this.joins.getFederation();
  }
  setFederation(r: dataSourceV1.JoinTableRequest) {
    return this.joins.setFederation(r.inputJson);
  }

  async listProjects() {
    return { projects: await this.folders.listProjects() };
  }
  getProject(r: dataSourceV1.GetProjectRequest) {
    return this.folders.getProject(r.projectId);
  }
  createProject(r: dataSourceV1.CreateProjectRequest) {
    return this.folders.createProject(r.name, r.actor);
  }
  renameProject(r: dataSourceV1.RenameProjectRequest) {
    return this.folders.renameProject(r.projectId, r.name);
  }
  deleteProject(r: dataSourceV1.DeleteProjectRequest) {
    return this.folders.deleteProject(r.projectId);
  }
  sortProject(r: dataSourceV1.SortProjectRequest) {
    return this.folders.sortProject(r.projectId, r.order);
  }
  moveSources(r: dataSourceV1.MoveSourcesRequest) {
    return this.folders.moveSources(r);
  }
  getSource(r: dataSourceV1.GetSourceRequest) {
    return this.sources.findSource(r);
  }
  getSources(r: dataSourceV1.GetSourcesRequest) {
    return this.sources.getSources(r.dataSourceIds);
  }
  probe(r: dataSourceV1.ProbeRequest) {
    return this.probes.probe(r);
  }
  createSource(r: dataSourceV1.CreateSourceRequest) {
    return this.sources.createSource(r);
  }
  updateSource(r: dataSourceV1.UpdateSourceRequest) {
    return this.sources.updateSource(r);
  }
  updateFields(r: dataSourceV1.UpdateFieldsRequest) {
    return this.fields.updateFields(r);
  }
  deleteSource(r: dataSourceV1.DeleteSourceRequest) {
    return this.sources.deleteSource(r);
  }
  preview(r: dataSourceV1.PreviewRequest) {
    return this.rows.preview(r.dataSourceId, r.count);
  }
  listHistory(r: dataSourceV1.ListHistoryRequest) {
    return this.history.listHistory(r.dataSourceId);
  }
  exportRows(r: dataSourceV1.ExportRowsRequest): Observable<dataSourceV1.RowBatch> {
    return from(this.rows.exportRows(r.dataSourceId, r.maxRows));
  }
  /** An Observable, not a Promise: Nest replays the buffered request stream only once the handler returned. */
  uploadChunks(chunks: Observable<dataSourceV1.UploadChunk>): Observable<dataSourceV1.UploadReply> {
    return from(this.uploads.upload(iterate(chunks)));
  }
  async importUpload(r: dataSourceV1.ImportUploadRequest, _metadata?: unknown, call?: ServerCall) {
    const { dataSourceId, rowCount } = await this.uploads.importUpload(r, cancelSignal(call));
    return { dataSource: await this.sources.getSource(dataSourceId), rowCount };
  }
  deleteRows(r: dataSourceV1.DeleteRowsRequest) {
    return this.uploads.deleteRows(r);
  }
  setRowRules(r: dataSourceV1.SetRowRulesRequest) {
    return this.rowRules.setRowRules(r);
  }
  async removeField(r: dataSourceV1.RemoveFieldRequest) {
    await this.uploads.removeField(r);
    return this.sources.getSource(r.dataSourceId);
  }

  // HTTP API sources (docs/api/data-source.md "HTTP API sources")
  previewApiSource(r: dataSourceV1.ApiSourceRequest) {
    return this.apis.preview(r);
  }
  createApiSource(r: dataSourceV1.ApiSourceRequest, _metadata?: unknown, call?: ServerCall) {
    return this.apis.create(r, cancelSignal(call));
  }
  updateApiSource(r: dataSourceV1.ApiSourceRequest) {
    return this.apis.update(r);
  }
  getApiSource(r: dataSourceV1.ApiSourceRequest) {
    return this.apis.get(r);
  }

  // ERP report sources (docs/api/data-source.md "ERP report sources")
  erpPrograms(r: dataSourceV1.ErpReportRequest) {
    return this.erp.programs(r);
  }
  erpProgram(r: dataSourceV1.ErpReportRequest) {
    return this.erp.program(r);
  }
  erpPreview(r: dataSourceV1.ErpReportRequest) {
    return this.erp.preview(r);
  }
  erpSave(r: dataSourceV1.ErpReportRequest) {
    return this.erp.save(r);
  }
  erpReportUrl(r: dataSourceV1.ErpReportRequest) {
    return this.erp.reportUrl(r);
  }
  erpGetReport(r: dataSourceV1.ErpReportRequest) {
    return this.erp.getReport(r);
  }

  // Indicator imports (docs/api/data-source.md "Indicator imports")
  indicatorTree(r: dataSourceV1.IndicatorRequest) {
    return this.indicators.tree(r);
  }
  indicatorImport(r: dataSourceV1.IndicatorRequest) {
    return this.indicators.importTargets(r);
  }
  indicatorMerge(r: dataSourceV1.IndicatorRequest) {
    return this.indicators.merge(r);
  }
  listSourceRevisions(r: dataSourceV1.SourceRevisionRequest) {
    return this.revisions.list(r);
  }
  diffSourceRevision(r: dataSourceV1.SourceRevisionRequest) {
    return this.revisions.diff(r);
  }
  /** Writes the revision's state through the kind's own service (its checks), marked as a restore. */
  async restoreSourceRevision(r: dataSourceV1.SourceRevisionRequest) {
    if (!isSourceKind(r.kind)) throw new AppError('invalid', 'revision.kind_invalid');
    const rev = await this.revisions.revision(r.kind, r.dataSourceId, r.rev);
    const restore = { restoredFrom: rev.rev, summary: [{ key: 'revision.restored' as const, params: { rev: rev.rev } }] };
    if (r.kind === 'join') await this.joins.saveJoin({ dataSourceId: r.dataSourceId, projectId: '', showName: '', inputJson: JSON.stringify(rev.snapshot ?? {}), actor: r.actor }, restore);
    else if (r.kind === 'rowRules') await this.rowRules.setRowRules({ dataSourceId: r.dataSourceId, rulesJson: JSON.stringify(rev.snapshot ?? { denyByDefault: false, rules: [] }), actor: r.actor }, restore);
    else await this.fields.updateFields({ dataSourceId: r.dataSourceId, fields: (rev.snapshot ?? []) as dataSourceV1.Field[], actor: r.actor }, restore);
    return this.revisions.listAfterRestore(r.kind, r.dataSourceId);
  }
}
