import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { ERP_SOURCE_SCHEMES, erpAccountBody, erpConnectionString, erpDateField, erpProgramId, erpReportPayload, isErpSourceType, parseErpConnection, type ErpReportPayload, type ErpSourceType } from '@bi/chart-model';
import { outboundPolicy, type OutboundPolicy } from '@bi/outbound';
import type { dataSourceV1 } from '@bi/proto';
import { SOURCE_TYPE, checkName, isCacheInterval, isUploadSyntheticField } from '@bi/rules';
import { CONFIG, isUuid } from '@bi/service-kit';
import { DataSourceRepository, type HistoryItem, type SourceRow, type StoredConnection } from '../data-source.repository.js';
import { SyncRunner } from '../connectors/sync-runner.js';
import {
  ErpReportConnector,
  callProvider,
  providerClient,
  reportQuery,
  storeCell,
  todayIn,
  type ErpAccountAddress,
  type ErpAccountResolver,
  type ErpReportSettings,
} from '../connectors/erp-report.connector.js';
import { formatDate, NaiveDate } from '../uploads/cells.js';
import { SecretBox } from '../secrets.js';
import { SourcesService } from './sources.service.js';
import { SourceWriter } from './source-writer.js';
import { actorOf } from './source-lookup.js';
import { parseJsonField as parseJson } from './wire-json.js';

/** The injection token of the ERP account resolver (bound to the accounts store: erp-accounts/erp-account.resolver.ts). */
export const ERP_ACCOUNT_RESOLVER = Symbol('ERP_ACCOUNT_RESOLVER');

/** Rows a preview shows (spec 02 §5 step 2). */
export const ERP_PREVIEW_ROWS = 100;

interface ErpReportRow {
  account_id: string;
  program_id: string;
  condition_project_id: string;
  date_field: string | null;
  period_number: number;
  period_dimension: number;
}


const reply = (value: unknown): dataSourceV1.ErpReportReply => ({ json: JSON.stringify(value) });

/**
 * ERP report sources (type 4, docs/adr/0015-erp-report-sources.md): the calls of the report wizard over
 * the account's report provider, and the source's rows synced into the analytics store through the
 * SyncRunner (connectors/erp-report.connector.ts).
 */
@Injectable()
export class ErpReportService {
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly sync: SyncRunner,
    private readonly writer: SourceWriter,
    private readonly sources: SourcesService,
    private readonly secrets: SecretBox,
    @Inject(ERP_ACCOUNT_RESOLVER) private readonly accounts: ErpAccountResolver,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    this.policy = outboundPolicy(config.outbound.allow);
  }

  private checkEnabled(): void {
    if (!this.config.modules.includes('e10report')) throw new AppError('invalid', 'datasource.type_disabled', { type: SOURCE_TYPE.erpReport });
  }

  private async account(ref: unknown): Promise<ErpAccountAddress> {
    if (ref === undefined || ref === null || ref === '') throw new AppError('invalid', 'e10.account_required');
    return this.accounts.resolve(ref);
  }

  private client(account: ErpAccountAddress) {
    return providerClient(account, this.policy);
  }

  private get today(): string {
    return todayIn(this.config.timeZone);
  }

  async programs(req: dataSourceV1.ErpReportRequest) {
    this.checkEnabled();
    const body = parseJson(erpAccountBody, req.inputJson);
    const client = this.client(await this.account(body.account));
    const programs = await callProvider(() => client.programs());
    return reply(programs.map((p) => ({ typeKey: p.typeKey, displayName: p.displayName })));
  }

  async program(req: dataSourceV1.ErpReportRequest) {
    this.checkEnabled();
    const body = parseJson(erpAccountBody.extend({ programId: erpProgramId }), req.inputJson);
    const client = this.client(await this.account(body.account));
    const p = await callProvider(() => client.program(body.programId));
    return reply({
      id: p.typeKey,
      displayName: p.displayName,
      dateConditions: p.dateFields.map((d) => ({ name: d.name, displayName: d.displayName })),
      conditionProjects: p.conditionProjects.map((c) => ({ id: c.id, displayName: c.displayName })),
      url: p.url ?? null,
    });
  }

  private settingsOf(p: ErpReportPayload): ErpReportSettings {
    if (!p.programId) throw new AppError('invalid', 'e10.program_required');
    if (!p.conditionProjectId) throw new AppError('invalid', 'e10.condition_project_required');
    return { programId: p.programId, conditionProjectId: p.conditionProjectId, dateConditionField: erpDateField(p.dateConditionField), periodNumber: p.periodNumber ?? 1, periodDimension: p.periodDimension };
  }

  async preview(req: dataSourceV1.ErpReportRequest) {
    this.checkEnabled();
    const input = parseJson(erpReportPayload, req.inputJson);
    const p = await this.fromConnection(input.connection !== undefined && input.dataSourceId ? { ...input, status: 'edit' } : input, input.dataSourceId ?? '');
    const settings = this.settingsOf(p);
    const account = p.account === undefined && p.dataSourceId ? await this.storedAccount(await this.erpRow(p.dataSourceId)) : await this.account(p.account);
    const client = this.client(account);
    const page = await callProvider(() => client.rows(settings.programId, { ...reportQuery(settings, this.today), limit: ERP_PREVIEW_ROWS }));
    const tz = this.config.timeZone;
    const data = page.rows.slice(0, ERP_PREVIEW_ROWS).map((r) => {
      const o: Record<string, string | number | null> = {};
      page.columns.forEach((c, i) => {
        const v = storeCell(c.type, r[i] ?? null, tz);
        o[c.name] = v instanceof NaiveDate ? formatDate(v) : v;
      });
      return o;
    });
    return reply({ columns: page.columns.map((c) => ({ name: c.name, title: c.displayName, type: c.type })), data, range: settings.dateConditionField ? reportQuery(settings, this.today) : null });
  }

  /**
   * A payload carrying a typed connection string (the SBEP edit screen): its program, condition project and
   * date field; its account segment, when it names another stored account than the source's, that account.
   * The address in it must be the account's.
   */
  private async fromConnection(p: ErpReportPayload, id: string): Promise<ErpReportPayload> {
    if (p.connection === undefined) return p;
    const current = p.status === 'edit' ? await this.erpRow(id) : undefined;
    const type = current?.type ?? p.type;
    const parsed = parseErpConnection(p.connection, type);
    if (!parsed) throw new AppError('invalid', 'e10.connection_invalid', { scheme: ERP_SOURCE_SCHEMES[type] });
    const storedId = current?.erp.account_id;
    const named = parsed.accountId !== '-' && parsed.accountId !== storedId ? parsed.accountId : undefined;
    const account = p.account ?? named;
    const address = account !== undefined ? await this.account(account) : current ? await this.storedAccount(current) : await this.account(undefined);
    if (address.ip !== parsed.host || address.port !== parsed.port) throw new AppError('invalid', 'e10.connection_account_mismatch');
    return { ...p, account, programId: parsed.programId, conditionProjectId: parsed.conditionProjectId, dateConditionField: parsed.dateConditionField };
  }

  /** Create (status create) or edit (status edit) an ERP report source; its rows are synced before the answer. */
  async save(req: dataSourceV1.ErpReportRequest) {
    this.checkEnabled();
    const input = parseJson(erpReportPayload, req.inputJson);
    const p = await this.fromConnection(input, req.dataSourceId || input.dataSourceId || '');
    const actor = actorOf(req.actor);
    const nameProblem = checkName(p.name);
    if (nameProblem) throw new AppError('invalid', `name.${nameProblem}`);
    if (!isCacheInterval(p.cacheInterval ?? 0)) throw new AppError('invalid', 'cache.interval_invalid');
    const settings = this.settingsOf(p);
    const id = p.status === 'edit' ? (req.dataSourceId || p.dataSourceId || '') : '';
    if (p.status === 'edit') return reply(await this.edit(id, p, settings, actor));
    const projectId = req.projectId || p.projectId;
    if (!isUuid(projectId) || !(await this.repo.findProject(projectId))) throw new AppError('not_found', 'project.not_found');
    const account = await this.account(p.account);
    const connector = await ErpReportConnector.open(this.client(account), settings, this.today, this.config.timeZone);
    const sourceId = randomUUID();
    const table = `${p.type === 4 ? 'erp' : p.type === 6 ? 'sbep' : 'e10'}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const { dataSourceId } = await this.sync.create(
      connector,
      {
        table,
        id: sourceId,
        type: p.type,
        projectId,
        name: p.name.trim(),
        reference: erpConnectionString({ ip: account.ip, port: account.port, accountId: account.id, ...settings }, p.type),
        createdBy: actor.userId,
        by: actor.userName,
        titles: connector.titles,
        source: { description: p.description, connection: this.connectionOf(account), passwordEnc: this.secrets.encrypt(account.password, sourceId), cacheInterval: p.cacheInterval ?? 0 },
        history: (rows) => [{ key: 'e10.history_synced', params: { rows, program: settings.programId } }],
        also: (tx, sid) => this.writeSettings(tx, sid, account.id, settings),
      },
      { maxRows: this.config.dataSources.uploadMaxRows },
    );
    return reply(await this.sources.getSource(dataSourceId));
  }

  private connectionOf(a: ErpAccountAddress): StoredConnection {
    return { host: a.ip, port: a.port, userName: a.userName, type: 'Basic', serverName: '', role: 'Default', initialDatabase: '' };
  }

  private async writeSettings(tx: Parameters<NonNullable<Parameters<SourceWriter['insert']>[1]['also']>>[0], sourceId: string, accountId: string, s: ErpReportSettings): Promise<void> {
    await tx.query(
      `INSERT INTO data_source.erp_reports (source_id, account_id, program_id, condition_project_id, date_field, period_number, period_dimension)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (source_id) DO UPDATE SET account_id = EXCLUDED.account_id, program_id = EXCLUDED.program_id, condition_project_id = EXCLUDED.condition_project_id,
         date_field = EXCLUDED.date_field, period_number = EXCLUDED.period_number, period_dimension = EXCLUDED.period_dimension`,
      [sourceId, accountId, s.programId, s.conditionProjectId, s.dateConditionField, s.periodNumber, s.periodDimension],
    );
  }

  /** The source on a report program (ERP report 4, SBEP 6, second-generation ERP 10) of an id with its settings, or not found / not one. */
  private async erpRow(id: string): Promise<{ row: SourceRow; erp: ErpReportRow; type: ErpSourceType }> {
    const row = isUuid(id) ? await this.repo.findSource(id) : undefined;
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    const type = row.type;
    if (!isErpSourceType(type)) throw new AppError('invalid', 'e10.not_erp_report');
    const r = await this.repo.db.query<ErpReportRow>('SELECT account_id, program_id, condition_project_id, date_field, period_number, period_dimension FROM data_source.erp_reports WHERE source_id = $1', [id]);
    if (!r.rows[0]) throw new AppError('invalid', 'e10.not_erp_report');
    return { row, erp: r.rows[0], type };
  }

  /** The stored account of a source (its address and the password kept with it). */
  private async storedAccount({ row, erp }: { row: SourceRow; erp: ErpReportRow }): Promise<ErpAccountAddress> {
    const c = row.connection;
    if (!c || !row.password_enc) throw new AppError('invalid', 'e10.account_invalid');
    return { id: erp.account_id, ip: c.host, port: c.port, userName: c.userName, password: this.secrets.decrypt(row.password_enc, row.id) };
  }

  private async edit(id: string, p: ErpReportPayload, settings: ErpReportSettings, actor: ReturnType<typeof actorOf>) {
    const current = await this.erpRow(id);
    const { row, type } = current;
    const account = p.account !== undefined ? await this.account(p.account) : await this.storedAccount(current);
    const connector = await ErpReportConnector.open(this.client(account), settings, this.today, this.config.timeZone);
    const stored = row.fields.map((f) => f.name).filter((n) => !isUploadSyntheticField(row.reference, n));
    const sameColumns = JSON.stringify(connector.fields.map((f) => f.name)) === JSON.stringify(stored);
    if (!sameColumns) throw new AppError('invalid', 'e10.program_columns_changed');
    const history: HistoryItem[] = [{ key: 'e10.history_settings' }];
    const rows = await this.sync.refresh(connector, row, 'replace', { by: actor.userName, history: (n) => [...history, { key: 'e10.history_synced', params: { rows: n, program: settings.programId } }] }, { maxRows: this.config.dataSources.uploadMaxRows });
    // the settings after the rows: a failed sync leaves the source as it was
    await this.writer.update(
      {
        id,
        changes: { description: p.description, cacheInterval: p.cacheInterval ?? 0, connection: this.connectionOf(account), passwordEnc: this.secrets.encrypt(account.password, id), bumpVersion: false },
        history: [],
        rows,
        also: async (tx) => {
          await this.writeSettings(tx, id, account.id, settings);
          if (p.name.trim() !== row.name) await this.repo.renameSource(tx, id, p.name.trim());
          await tx.query('UPDATE data_source.sources SET reference = $2 WHERE id = $1', [id, erpConnectionString({ ip: account.ip, port: account.port, accountId: account.id, ...settings }, type)]);
        },
      },
      actor.userName,
    );
    return this.sources.getSource(id);
  }

  /** The connector reading a stored ERP report source's rows today (a scheduled sync or "refresh now"). */
  async connectorFor(row: SourceRow): Promise<ErpReportConnector> {
    const current = await this.erpRow(row.id);
    const { erp } = current;
    const settings: ErpReportSettings = { programId: erp.program_id, conditionProjectId: erp.condition_project_id, dateConditionField: erp.date_field, periodNumber: erp.period_number, periodDimension: erp.period_dimension === 2 ? 2 : 1 };
    return ErpReportConnector.open(this.client(await this.storedAccount(current)), settings, this.today, this.config.timeZone);
  }

  async reportUrl(req: dataSourceV1.ErpReportRequest) {
    this.checkEnabled();
    const current = await this.erpRow(req.dataSourceId);
    const client = this.client(await this.storedAccount(current));
    const p = await callProvider(() => client.program(current.erp.program_id));
    if (!p.url) throw new AppError('not_found', 'e10.no_report_url');
    return reply({ url: p.url });
  }

  async getReport(req: dataSourceV1.ErpReportRequest) {
    const { row, erp } = await this.erpRow(req.dataSourceId);
    const c = row.connection;
    return reply({
      dataSourceId: row.id,
      projectId: row.project_id,
      projectName: row.project_name,
      name: row.name,
      description: row.description,
      type: row.type,
      connection: row.reference,
      programId: erp.program_id,
      conditionProjectId: erp.condition_project_id,
      dateConditionField: erp.date_field,
      periodNumber: erp.period_number,
      periodDimension: erp.period_dimension,
      cacheInterval: row.cache_interval ?? 0,
      account: { id: erp.account_id, ip: c?.host ?? '', port: c?.port ?? 0, userName: c?.userName ?? '', hasPassword: !!row.password_enc },
      createdById: row.created_by ?? '',
    });
  }
}
