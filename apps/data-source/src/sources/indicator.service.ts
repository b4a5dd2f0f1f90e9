import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError, type MessageKey } from '@bi/core';
import { indicatorImportPayload, indicatorTargetId, indicatorTreeBody, type IndicatorImportPayload } from '@bi/chart-model';
import { outboundPolicy, type OutboundPolicy } from '@bi/outbound';
import type { IndicatorValuesRequest } from '@bi/provider-protocol';
import type { dataSourceV1 } from '@bi/proto';
import { SOURCE_KIND_REGISTRY, checkName, isCacheInterval } from '@bi/rules';
import { CONFIG, isUuid } from '@bi/service-kit';
import { DataSourceRepository, type SourceRow, type StoredConnection } from '../data-source.repository.js';
import { SyncRunner } from '../connectors/sync-runner.js';
import { callProvider, providerClient, providerFailure, todayIn, type ErpAccountAddress, type ErpAccountResolver } from '../connectors/erp-report.connector.js';
import { IndicatorConnector, fetchSeries, indicatorConnection, indicatorRequest, type IndicatorSettings, type OkSeries } from '../connectors/indicator.connector.js';
import { SecretBox } from '../secrets.js';
import { ERP_ACCOUNT_RESOLVER } from './erp-report.service.js';
import { actorOf } from './source-lookup.js';
import { parseJsonField as parseJson } from './wire-json.js';

/** The source type of a data type (1 business analysis, 5 the second provider). */
const TYPE_OF: Record<1 | 5, number> = { 1: SOURCE_KIND_REGISTRY.indicator.code, 5: SOURCE_KIND_REGISTRY.indicatorYifei.code };

interface ImportRow {
  account_id: string;
  data_type: number;
  targets: string[];
  settings: IndicatorSettings;
}


const reply = (value: unknown): dataSourceV1.IndicatorReply => ({ json: JSON.stringify(value) });

/** One target's outcome of an import (spec 02 §8); failedMessage is a message key the BFF puts in the caller's language. */
export interface ImportedTarget {
  id: string;
  text: string;
  rootText: string;
  importSuccess: boolean;
  dataSourceId: string | null;
  failedMessage: MessageKey | null;
}

/**
 * Indicator imports (types 1 and 5, spec 02 §4, §8): the lazy target tree and the imports over the report
 * provider protocol (dataType 1 on the request's ERP account, 5 on the primary ERP account); each imported
 * target (or the merged targets) becomes a synced source through the SyncRunner (connectors/indicator.connector.ts).
 */
@Injectable()
export class IndicatorService {
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly sync: SyncRunner,
    private readonly secrets: SecretBox,
    @Inject(ERP_ACCOUNT_RESOLVER) private readonly accounts: ErpAccountResolver,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    this.policy = outboundPolicy(config.outbound.allow);
  }

  private checkEnabled(dataType: 1 | 5): void {
    if (!this.config.modules.includes('e10report')) throw new AppError('invalid', 'datasource.type_disabled', { type: TYPE_OF[dataType] });
  }

  private static dataTypeOf(n: number): 1 | 5 {
    if (n !== 1 && n !== 5) throw new AppError('invalid', 'request.invalid');
    return n;
  }

  /** dataType 1: the request's account; 5: the primary ERP account. */
  private async account(dataType: 1 | 5, ref: unknown): Promise<ErpAccountAddress> {
    if (dataType === 5) {
      const r = await this.repo.db.query<{ id: string }>('SELECT id FROM data_source.erp_accounts WHERE is_primary');
      if (!r.rows[0]) throw new AppError('invalid', 'indicator.primary_account_required');
      return this.accounts.resolve(r.rows[0].id);
    }
    if (ref === undefined || ref === null || ref === '') throw new AppError('invalid', 'e10.account_required');
    return this.accounts.resolve(ref);
  }

  private get today(): string {
    return todayIn(this.config.timeZone);
  }

  async tree(req: dataSourceV1.IndicatorRequest) {
    const dataType = IndicatorService.dataTypeOf(req.dataType);
    this.checkEnabled(dataType);
    const body = parseJson(indicatorTreeBody, req.inputJson);
    const client = providerClient(await this.account(dataType, body.account), this.policy);
    const nodes = await callProvider(() => client.indicatorTree(body.parent));
    // spec 02 §8: type 2 is a leaf target; relation as the text True when a relation map can be generated
    return reply(nodes.map((n) => ({ id: n.id, text: n.text, rootText: n.rootText, type: n.type, child: n.child, isLeaf: !n.child, relation: n.relation ? 'True' : 'False', unit: n.unit ?? null })));
  }

  private settingsOf(p: IndicatorImportPayload): IndicatorSettings {
    return {
      period: p.period === 0 ? 0 : 1,
      dynamicPara: p.dynamicPara === 1 ? 1 : 0,
      beginDate: p.beginDate || null,
      endDate: p.endDate || null,
      periodDimension: p.periodDimension,
      compare: p.compare,
      periodNumber: p.periodNumber ?? 1,
    };
  }

  private check(p: IndicatorImportPayload, projectId: string) {
    if (p.targets.length === 0) throw new AppError('invalid', 'indicator.targets_required');
    // generateRelation is the BFF's (apps/bff/src/data-source/indicator-relation.ts): it makes the map after this import
    if (!isCacheInterval(p.cacheInterval ?? 0)) throw new AppError('invalid', 'cache.interval_invalid');
    if (!isUuid(projectId)) throw new AppError('not_found', 'project.not_found');
  }

  private connectionOf(a: ErpAccountAddress): StoredConnection {
    return { host: a.ip, port: a.port, userName: a.userName, type: 'Basic', serverName: '', role: 'Default', initialDatabase: '' };
  }

  /** One synced source of the given series. */
  private async createSource(
    dataType: 1 | 5,
    account: ErpAccountAddress,
    series: OkSeries[],
    req: IndicatorValuesRequest,
    settings: IndicatorSettings,
    name: string,
    p: IndicatorImportPayload,
    projectId: string,
    actor: ReturnType<typeof actorOf>,
  ): Promise<string> {
    const nameProblem = checkName(name);
    if (nameProblem) throw new AppError('invalid', `name.${nameProblem}`);
    const connector = new IndicatorConnector(series, req.compare);
    const sourceId = randomUUID();
    const targets = series.map((s) => s.target);
    const { dataSourceId } = await this.sync.create(
      connector,
      {
        table: `ind_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        id: sourceId,
        type: TYPE_OF[dataType],
        projectId,
        name: name.trim(),
        reference: indicatorConnection(dataType, { ...req, targets }),
        createdBy: actor.userId,
        by: actor.userName,
        titles: connector.titles,
        source: { description: '', connection: this.connectionOf(account), passwordEnc: this.secrets.encrypt(account.password, sourceId), cacheInterval: p.cacheInterval ?? 0 },
        history: (rows) => [{ key: 'indicator.history_synced', params: { rows, targets: series.map((s) => s.text).join('、').slice(0, 200) } }],
        also: async (tx, sid) => {
          await tx.query('INSERT INTO data_source.indicator_imports (source_id, account_id, data_type, targets, settings) VALUES ($1, $2, $3, $4, $5)', [
            sid,
            account.id,
            dataType,
            JSON.stringify(targets),
            JSON.stringify(settings),
          ]);
        },
      },
      { maxRows: this.config.dataSources.uploadMaxRows },
    );
    return dataSourceId;
  }

  private async prepare(req: dataSourceV1.IndicatorRequest) {
    const p = parseJson(indicatorImportPayload, req.inputJson);
    const dataType = IndicatorService.dataTypeOf(req.dataType || p.dataType);
    this.checkEnabled(dataType);
    const projectId = req.projectId || p.projectId;
    this.check(p, projectId);
    if (!(await this.repo.findProject(projectId))) throw new AppError('not_found', 'project.not_found');
    const settings = this.settingsOf(p);
    const ids = [...new Set(p.targets.map(indicatorTargetId))];
    const valuesReq = indicatorRequest(ids, settings, this.today);
    const account = await this.account(dataType, p.account);
    const client = providerClient(account, this.policy);
    const series = await fetchSeries(client, valuesReq);
    const given = new Map(p.targets.map((t) => [indicatorTargetId(t), typeof t === 'string' ? { text: '', rootText: '' } : { text: t.text ?? '', rootText: t.rootText ?? '' }]));
    return { p, dataType, projectId, settings, ids, valuesReq, account, series, given, actor: actorOf(req.actor) };
  }

  /** import_indicators / yifei_import_indicators: one source per target; a target the provider refuses is reported, the others imported. */
  async importTargets(req: dataSourceV1.IndicatorRequest) {
    const { p, dataType, projectId, settings, ids, valuesReq, account, series, given, actor } = await this.prepare(req);
    const targets: ImportedTarget[] = [];
    for (const id of ids) {
      const s = series.get(id);
      const known = given.get(id) ?? { text: '', rootText: '' };
      if (!s || !s.ok) {
        targets.push({ id, text: known.text, rootText: known.rootText, importSuccess: false, dataSourceId: null, failedMessage: 'indicator.target_failed' });
        continue;
      }
      const name = ids.length === 1 && p.name ? p.name : s.text;
      try {
        const dataSourceId = await this.createSource(dataType, account, [s], { ...valuesReq, targets: [id] }, settings, name, p, projectId, actor);
        targets.push({ id, text: s.text, rootText: s.rootText, importSuccess: true, dataSourceId, failedMessage: null });
      } catch (e) {
        const err = providerFailure(e);
        const key = err instanceof AppError ? (err.key as MessageKey) : 'indicator.target_failed';
        targets.push({ id, text: s.text, rootText: s.rootText, importSuccess: false, dataSourceId: null, failedMessage: key });
      }
    }
    const importSuccessCount = targets.filter((t) => t.importSuccess).length;
    return reply({ targets, importSuccessCount, importFailedCount: targets.length - importSuccessCount });
  }

  /** merge: the imported targets as one source (name required); answers its id. */
  async merge(req: dataSourceV1.IndicatorRequest) {
    const parsed = parseJson(indicatorImportPayload, req.inputJson);
    if (!parsed.name) throw new AppError('invalid', 'indicator.name_required');
    const { p, dataType, projectId, settings, ids, valuesReq, account, series, actor } = await this.prepare(req);
    const ok = ids.map((id) => series.get(id)).filter((s): s is OkSeries => !!s && s.ok);
    if (ok.length === 0) throw new AppError('invalid', 'indicator.target_failed');
    const dataSourceId = await this.createSource(dataType, account, ok, { ...valuesReq, targets: ok.map((s) => s.target) }, settings, p.name, p, projectId, actor);
    return reply({ dataSourceId, importSuccessCount: ok.length, importFailedCount: ids.length - ok.length });
  }

  /** The connector reading a stored indicator source's targets again (a scheduled sync or "refresh now"). */
  async connectorFor(row: SourceRow): Promise<IndicatorConnector> {
    const r = await this.repo.db.query<ImportRow>('SELECT account_id, data_type, targets, settings FROM data_source.indicator_imports WHERE source_id = $1', [row.id]);
    const stored = r.rows[0];
    if (!stored) throw new AppError('invalid', 'indicator.not_indicator');
    const c = row.connection;
    if (!c || !row.password_enc) throw new AppError('invalid', 'e10.account_invalid');
    const account: ErpAccountAddress = { id: stored.account_id, ip: c.host, port: c.port, userName: c.userName, password: this.secrets.decrypt(row.password_enc, row.id) };
    return IndicatorConnector.open(providerClient(account, this.policy), indicatorRequest(stored.targets, stored.settings, this.today));
  }
}
