import { SourceRevisions } from './sources/source-revisions.js';
import type { AppConfig } from '@bi/config';
import type { dataSourceV1 } from '@bi/proto';
import type { DataSourceEvents } from './data-source.events.js';
import type { DataSourceRepository } from './data-source.repository.js';
import type { JoinTableService } from './joins/join-table.service.js';
import type { SecretBox } from './secrets.js';
import type { SourceRunner } from './source-runner.js';
import { FieldsService } from './sources/fields.service.js';
import { FoldersService } from './sources/folders.service.js';
import { HistoryService } from './sources/history.service.js';
import { ProbeService } from './sources/probe.service.js';
import { RowRulesService } from './sources/row-rules.service.js';
import { RowsService } from './sources/rows.service.js';
import { SourceLookup } from './sources/source-lookup.js';
import { SourceSpecs } from './sources/source-specs.js';
import { SourceWriter } from './sources/source-writer.js';
import { SourcesService } from './sources/sources.service.js';
import type { UploadService } from './uploads/upload.service.js';

/**
 * The data-source area as one object (spec 02 §1–§9; docs/api/data-source.md), built from its
 * parts without Nest: folders, sources, probe, fields, row rules, history, preview and export each
 * live in their own service under sources/, which the gRPC controller calls directly. This facade
 * keeps the constructor of the service it was split from, for callers that want it whole (tests).
 */
export class DataSourceService {
  readonly folders: FoldersService;
  readonly sources: SourcesService;
  readonly probes: ProbeService;
  readonly fields: FieldsService;
  readonly rowRules: RowRulesService;
  readonly history: HistoryService;
  readonly rows: RowsService;

  constructor(repo: DataSourceRepository, runner: SourceRunner, secrets: SecretBox, events: DataSourceEvents, config: AppConfig, uploads: UploadService, joins?: JoinTableService) {
    const lookup = new SourceLookup(repo);
    const specs = new SourceSpecs(runner, secrets, config);
    const writer = new SourceWriter(repo, events);
    this.folders = new FoldersService(repo, lookup, writer);
    this.sources = new SourcesService(repo, lookup, specs, runner, writer, uploads);
    this.probes = new ProbeService(lookup, specs, runner);
    const revisions = new SourceRevisions(repo, config);
    this.fields = new FieldsService(lookup, specs, runner, writer, revisions);
    this.rowRules = new RowRulesService(repo, lookup, writer, revisions);
    this.history = new HistoryService(repo, lookup);
    this.rows = new RowsService(lookup, specs, runner, joins as JoinTableService);
  }

  listProjects = () => this.folders.listProjects();
  getProject = (projectId: string) => this.folders.getProject(projectId);
  createProject = (name: string, actor: dataSourceV1.Actor | undefined) => this.folders.createProject(name, actor);
  renameProject = (projectId: string, name: string) => this.folders.renameProject(projectId, name);
  sortProject = (projectId: string, order: number) => this.folders.sortProject(projectId, order);
  deleteProject = (projectId: string) => this.folders.deleteProject(projectId);
  moveSources = (req: dataSourceV1.MoveSourcesRequest) => this.folders.moveSources(req);
  getSource = (id: string) => this.sources.getSource(id);
  getSources = (ids: readonly string[]) => this.sources.getSources(ids);
  findSource = (req: dataSourceV1.GetSourceRequest) => this.sources.findSource(req);
  createSource = (req: dataSourceV1.CreateSourceRequest) => this.sources.createSource(req);
  updateSource = (req: dataSourceV1.UpdateSourceRequest) => this.sources.updateSource(req);
  deleteSource = (req: dataSourceV1.DeleteSourceRequest) => this.sources.deleteSource(req);
  probe = (req: dataSourceV1.ProbeRequest) => this.probes.probe(req);
  updateFields = (req: dataSourceV1.UpdateFieldsRequest) => this.fields.updateFields(req);
  setRowRules = (req: dataSourceV1.SetRowRulesRequest) => this.rowRules.setRowRules(req);
  listHistory = (id: string) => this.history.listHistory(id);
  preview = (id: string, count: number) => this.rows.preview(id, count);
  exportRows = (id: string, maxRows: number) => this.rows.exportRows(id, maxRows);
}
