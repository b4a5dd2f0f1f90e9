import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import { federationSettingSchema, type FederationSetting } from '@bi/chart-model';
import type { dataSourceQueryV1, dataSourceV1 } from '@bi/proto';
import { QueryError, joinCountSql, joinRowsSql, querySourceFrom, type JoinSpec } from '@bi/query';
import {
  DEFAULT_JOIN_TYPE,
  JOIN_LIMITS,
  JOIN_REFERENCE,
  SOURCE_TYPE,
  UPLOAD_KEY_COLUMN,
  UPLOAD_REFERENCE,
  charLength,
  checkJoinTable,
  defaultJoinCompare,
  findTextProblem,
  isCacheInterval,
  isDatabaseSourceType,
  isUploadSyntheticField,
  type JoinFieldInput,
  type JoinNodeInput,
  type JoinTableInput,
  type JoinType,
} from '@bi/rules';
import { CONFIG, LOGGER, idOrNotFound, isUuid, validName } from '@bi/service-kit';
import type { SqlExecutor } from '@bi/persistence';
import type { DialectName } from '@bi/sql-text';
import { DataSourceRepository, iso, type SourceRow } from '../data-source.repository.js';
import type { ConnectionSpec, DriverResult } from '../drivers/driver.js';
import { querySourceOf, type QuerySourcePart } from '../query/query-source.js';
import { SecretBox } from '../secrets.js';
import { connectionString, engineOf, storedSpec } from '../source-connection.js';
import { SourceRunner } from '../source-runner.js';
import { SourceRevisions, type SourceRestore } from '../sources/source-revisions.js';
import { SourceWriter } from '../sources/source-writer.js';
import { JoinKeyUniqueness, versionedInput } from './join-key-uniqueness.js';
import { checkSourceSql } from '../sql/source-sql.js';
import { storeTableSql } from '../uploads/store-writer.js';

type DataType = 'string' | 'number' | 'date';
const PREVIEW_ROWS = 100;
const MAX_INPUT_JSON = 1024 * 1024;

/** The join as resolved against its inputs: checked, with the SQL writer's spec and where it runs. */
interface ResolvedJoin {
  input: JoinTableInput;
  inputs: Map<string, SourceRow>;
  spec: JoinSpec;
  engine: DialectName;
  /** the root input */
  root: SourceRow;
  /** the source whose connection runs the join: the root input, or the federation's Trino source for a join across stores */
  runOn: SourceRow;
  store: string;
  outputFields: { name: string; title: string; dataType: DataType; description: string }[];
  /** the join's row count SQL, written when the spec was checked (previews and the source page run it) */
  count: ReturnType<typeof joinCountSql>;
}

const notFound = () => new AppError('not_found', 'datasource.not_found');
/** The settings key of the federation setting (docs/adr/0028 addendum). */
export const FEDERATION_SETTING = 'federation';

/** The federation setting resolved: the Trino source and, per store key, the catalog (and schema) holding it. */
interface Federation {
  trino: SourceRow;
  stores: Map<string, { catalog: string; schema: string }>;
}
const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** The store a source lives in: joins read sources of one store only (cross-store joins are a later step). */
export function storeKeyOf(row: SourceRow): string {
  if (row.type === SOURCE_TYPE.analytics) return 'analytics';
  return 'connection:' + createHash('sha256').update(JSON.stringify([row.type, row.connection])).digest('hex').slice(0, 16);
}

/**
 * A joined table's row-level rules as its description carries them (docs/api/join-table.md "Row-level
 * rules"): its own, and its inputs' by node index (`inputs`, null for an input without rules), so the
 * chart engine applies each input's rules inside that input's part of the join and every reader's
 * fingerprint of the join (the BFF's kept answers, whole-source refusals) includes their inputs' rules.
 * '' when neither the join nor any input has rules.
 */
export function joinRowRulesJson(row: Pick<SourceRow, 'row_rules'>, nodeInputs: readonly Pick<SourceRow, 'row_rules'>[]): string {
  const inputs = nodeInputs.map((r) => (r.row_rules ? r.row_rules : null));
  if (!row.row_rules && inputs.every((r) => r === null)) return '';
  const own = (row.row_rules ?? { denyByDefault: false, rules: [] }) as object;
  return JSON.stringify({ ...own, inputs });
}

/**
 * A joined table's definition as its history keeps it (kind `join`, docs/api/revisions.md): what the
 * designer sends to save it, so a restore saves it again through saveJoin (its checks apply).
 */
export function joinSnapshot(input: JoinTableInput, name: string, description: string, cacheInterval: number) {
  return {
    name,
    description,
    cacheInterval,
    nodeDataArray: input.nodeDataArray.map((n) => ({
      dataSourceId: n.dataSourceId,
      showName: n.showName,
      ...(n.location ? { location: n.location } : {}),
      fields: n.fields.map((f) => ({ name: f.name, title: f.title, check: f.check, description: f.description ?? '' })),
    })),
    links: input.links,
    where: input.where ?? { whereType: 'condition', linker: 'and', filterItems: [] },
  };
}

/**
 * Joined tables (docs/api/join-table.md): checks and stores join trees, answers the designer's
 * lists, nodes and previews, and gives the chart engine a join's FROM part (a @bi/query JoinSpec
 * over its inputs' own FROM parts) and the connection it runs on (its root input's).
 */
@Injectable()
export class JoinTableService {
  /** Each input row's query part (its SQL checked, calculated fields written) per engine, made once per row read: refresh and build share it. */
  private readonly parts = new WeakMap<SourceRow, Map<DialectName, QuerySourcePart>>();
  private readonly uniqueKeys = new JoinKeyUniqueness();

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly runner: SourceRunner,
    private readonly secrets: SecretBox,
    private readonly writer: SourceWriter,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly revisions: SourceRevisions,
  ) {}

  private partOf(row: SourceRow, engine: DialectName): QuerySourcePart {
    let byEngine = this.parts.get(row);
    if (!byEngine) this.parts.set(row, (byEngine = new Map()));
    let part = byEngine.get(engine);
    if (!part) byEngine.set(engine, (part = querySourceOf(row, engine, checkSourceSql(row.content, engine))));
    return part;
  }

  // ---- calls ----------------------------------------------------------------------------------

  /** Folders with the sources that can be joined, each with its store key. */
  async listJoinable(): Promise<dataSourceV1.JoinTableReply> {
    const projects = await this.repo.listProjects();
    const ids = projects.flatMap((p) => p.dataSources.filter((s) => isDatabaseSourceType(s.type)).map((s) => s.dataSourceId));
    const rows = new Map((await this.repo.findSources(ids)).map((r) => [r.id, r]));
    const federation = await this.federation();
    // with the federation on, every source whose store Trino has as a catalog is in the one store `federation`
    const storeOf = (r: SourceRow) => (federation?.stores.has(storeKeyOf(r)) ? 'federation' : storeKeyOf(r));
    const answer = projects.map((p) => ({
      projectId: p.projectId,
      name: p.name,
      order: p.order,
      dataSources: p.dataSources
        .filter((s) => rows.has(s.dataSourceId))
        .map((s) => ({ dataSourceId: s.dataSourceId, name: s.name, type: s.type, store: storeOf(rows.get(s.dataSourceId)!), createdById: s.createdById })),
    }));
    return { json: JSON.stringify(answer), inputIds: ids };
  }

  /** A dropped table: every field of the source, checked, titled as in the source. */
  async joinFields(showName: string, dataSourceId: string): Promise<dataSourceV1.JoinTableReply> {
    const name = (showName ?? '').trim();
    if (!name || charLength(name) > JOIN_LIMITS.showName) throw new AppError('invalid', 'join.show_name_invalid', { max: JOIN_LIMITS.showName });
    const row = await this.inputRow(dataSourceId);
    const node: JoinNodeInput = { dataSourceId: row.id, name: row.name, showName: name, allCheck: true, fields: this.inputFields(row).map((f) => ({ ...f, tbName: name, check: true, description: '' })) };
    return { json: JSON.stringify(node), inputIds: [row.id] };
  }

  /** The stored join, its nodes refreshed from the inputs (fields gone are left out, new ones come unchecked). */
  async getJoin(id: string): Promise<dataSourceV1.JoinTableReply> {
    const row = await this.joinRow(id);
    const inputs = await this.inputsOf(row.join_def as JoinTableInput);
    const input = this.refresh(row.join_def as JoinTableInput, inputs, false);
    return { json: JSON.stringify(this.answer(row, input, inputs)), inputIds: [...inputs.keys()] };
  }

  /** First rows, the join's row count and the root's (a join with more rows than its root multiplies rows). */
  async previewJoin(inputJson: string): Promise<dataSourceV1.JoinTableReply> {
    const j = await this.resolve(this.parse(inputJson), true);
    const spec = this.connection(j.runOn);
    const timeoutMs = this.runner.timeoutMs;
    const run = (q: { sql: string; params: unknown[] }, maxRows: number) => this.runner.drivers.use(spec, (d) => d.run(q.sql, q.params, { timeoutMs, maxRows }));
    const [rows, count, rootCount] = await Promise.all([
      run(joinRowsSql(j.spec, j.engine, PREVIEW_ROWS), PREVIEW_ROWS),
      run(j.count, 1),
      run(joinCountSql(j.spec, j.engine, true), 1),
    ]);
    const n = (r: DriverResult) => Number(r.rows[0]?.[0] ?? 0);
    const rowCount = n(count);
    const rootRowCount = n(rootCount);
    const preview = {
      columns: j.outputFields.map((f) => ({ name: f.name, title: f.title, dataType: f.dataType })),
      rows: rows.rows.map((r) => Object.fromEntries(rows.columns.map((c, i) => [c.name, r[i] as unknown]))),
      rowCount,
      rootRowCount,
      rootTable: j.input.nodeDataArray[0].showName,
      explodes: rowCount > rootRowCount,
    };
    return { json: JSON.stringify(preview), inputIds: [...j.inputs.keys()] };
  }

  /** Creates (projectId) or replaces (dataSourceId) a joined table; everything is checked before anything is written. */
  async saveJoin(req: dataSourceV1.JoinTableRequest, restore?: SourceRestore): Promise<dataSourceV1.JoinTableReply> {
    const actor = { userId: isUuid(req.actor?.userId) ? req.actor!.userId : null, userName: req.actor?.userName ?? '' };
    const parsed = this.parse(req.inputJson);
    const previous = req.dataSourceId ? await this.joinRow(req.dataSourceId) : undefined;
    const projectId = previous ? previous.project_id : req.projectId;
    if (!previous) {
      idOrNotFound(projectId, 'project.not_found');
      if (!(await this.repo.findProject(projectId))) throw new AppError('not_found', 'project.not_found');
    }
    const j = await this.resolve(parsed, false);
    const name = validName(parsed.name);
    const description = (parsed.description ?? '').trim();
    if (charLength(description) > 500) throw new AppError('invalid', 'request.invalid', { detail: 'description: at most 500 characters' });
    const cacheInterval = parsed.cacheInterval ?? previous?.cache_interval ?? 0;
    if (!isCacheInterval(cacheInterval)) throw new AppError('invalid', 'cache.interval_invalid');
    const fields: dataSourceV1.Field[] = j.outputFields.map((f) => {
      const old = previous?.fields.find((x) => x.name === f.name && x.dataType === f.dataType);
      return { name: f.name, title: f.title, dataType: f.dataType, expression: '', aggregator: old?.aggregator ?? '' };
    });
    const inputIds = [...j.inputs.keys()];
    const id = previous?.id ?? randomUUID();
    const setJoin = (tx: SqlExecutor) => this.repo.setJoin(tx, id, j.input, inputIds);
    // its history (issue 33, kind `join`), in the same transaction: the definition as a restore sends it again
    const snapshot = joinSnapshot(j.input, name, description, cacheInterval);
    const actorId = actor.userId ?? '';
    if (!previous) {
      await this.writer.insert(
        { id, projectId, name, description, type: SOURCE_TYPE.join, cacheInterval, fields, createdBy: actor.userId, createdByName: actor.userName, reference: JOIN_REFERENCE },
        {
          history: [{ key: 'history.join_created' }],
          by: actor.userName,
          also: async (tx) => {
            await setJoin(tx);
            await this.revisions.recordCreated(tx, 'join', id, actorId, name, snapshot);
          },
        },
      );
    } else {
      const rename = name !== previous.name;
      await this.writer.update(
        {
          id,
          changes: { description, cacheInterval, fields, bumpVersion: true },
          history: [{ key: 'history.join_changed' }],
          event: 'update',
          also: async (tx) => {
            if (rename) await this.repo.renameSource(tx, id, name);
            await setJoin(tx);
            const before = previous.join_def ? joinSnapshot(previous.join_def as JoinTableInput, previous.name, previous.description, previous.cache_interval ?? 0) : null;
            await this.revisions.record(tx, 'join', id, actorId, name, before, snapshot, restore);
          },
        },
        actor.userName,
      );
    }
    const row = (await this.repo.findSource(id))!;
    const removedFields = previous ? previous.fields.filter((f) => !fields.some((x) => x.name === f.name)).map((f) => f.name) : [];
    return { json: JSON.stringify({ ...this.answer(row, j.input, j.inputs), ...(previous ? { removedFields } : {}) }), inputIds };
  }

  // ---- the chart engine's view ----------------------------------------------------------------

  /** Describe of a joined table: its join as the FROM part, its fields, and a data version that follows its inputs. */
  async describe(row: SourceRow): Promise<Pick<dataSourceQueryV1.SourceDescription, 'dialect' | 'sourceKind' | 'joinJson' | 'fields' | 'dataVersion' | 'tableName' | 'tableSchema' | 'sql' | 'unsupportedFields' | 'rowRulesJson'>> {
    const stored = row.join_def as JoinTableInput;
    const inputs = await this.inputsOf(stored);
    const j = this.build(this.refresh(stored, inputs, false), inputs, true, await this.federation());
    const titles = new Map(row.fields.map((f) => [f.name, f]));
    const connection = this.connection(j.runOn);
    const spec = await this.uniqueKeys.mark(
      j.spec,
      j.engine,
      (node) => {
        const input = inputs.get(j.input.nodeDataArray[node].dataSourceId)!;
        return { row: input, versioned: versionedInput(input, j.engine, this.partOf(input, this.engineOfRow(input))) };
      },
      (sql, params, timeoutMs) => this.runner.drivers.use(connection, (d) => d.run(sql, params, { timeoutMs: Math.min(timeoutMs, this.runner.timeoutMs), maxRows: 1 })),
    );
    // tests read this line: which links a statement may leave out (docs/api/join-table.md "Join pruning")
    this.logger.debug('join described', { dataSourceId: row.id, links: spec.links.length, uniqueLinks: spec.links.filter((l) => l.unique).length });
    return {
      dialect: j.engine,
      sourceKind: 'join',
      joinJson: JSON.stringify(spec),
      tableName: '',
      tableSchema: '',
      sql: '',
      unsupportedFields: [],
      fields: j.outputFields.map((f) => ({ name: f.name, title: f.title, dataType: f.dataType, aggregator: titles.get(f.name)?.aggregator ?? '', calculated: false })),
      dataVersion: row.data_version + [...inputs.values()].reduce((sum, r) => sum + r.data_version, 0),
      rowRulesJson: joinRowRulesJson(row, j.input.nodeDataArray.map((n) => inputs.get(n.dataSourceId)!)),
    };
  }

  /** The connection a joined table runs on: its root input's, or the federation's Trino source for a join across stores. */
  async connectionOf(row: SourceRow): Promise<ConnectionSpec> {
    const stored = row.join_def as JoinTableInput;
    const rootId = stored?.nodeDataArray?.[0]?.dataSourceId;
    if (!rootId) throw notFound();
    const inputs = await this.inputsOf(stored);
    if (!crossStore(stored, inputs)) return this.connection(inputs.get(rootId)!);
    return this.connection(this.build(this.refresh(stored, inputs, false), inputs, true, await this.federation()).runOn);
  }

  // ---- the federation setting (admins; docs/adr/0028 addendum) ---------------------------------

  /** The stored setting as the admin page edits it (federation off: no Trino source). */
  async getFederation(): Promise<dataSourceV1.JoinTableReply> {
    return { json: JSON.stringify(await this.storedFederation()), inputIds: [] };
  }

  /** The stored setting, or federation off when none (or an unreadable one) is stored. */
  private async storedFederation(): Promise<FederationSetting> {
    const stored = federationSettingSchema.safeParse((await this.repo.setting(FEDERATION_SETTING)) ?? {});
    return stored.success ? stored.data : federationSettingSchema.parse({});
  }

  /** Stores the setting after checking that the engine is a Trino source and every mapped source a database source. */
  async setFederation(inputJson: string): Promise<dataSourceV1.JoinTableReply> {
    let v: unknown;
    try {
      v = JSON.parse(typeof inputJson === 'string' && inputJson.length <= MAX_INPUT_JSON ? inputJson || '{}' : '');
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'federation: not JSON' });
    }
    const parsed = federationSettingSchema.safeParse(v);
    if (!parsed.success) throw new AppError('invalid', 'request.invalid', { detail: `federation.${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message.slice(0, 120) ?? ''}` });
    const setting = parsed.data;
    if (setting.trinoSourceId) {
      const trino = await this.repo.findSource(setting.trinoSourceId);
      if (!trino || !isDatabaseSourceType(trino.type) || engineOf(trino.type as 8, this.config.dataSources.analyticsStore) !== 'trino') throw new AppError('invalid', 'join.federation_engine_invalid');
      const ids = setting.mappings.map((m) => m.dataSourceId).filter((id) => id !== 'analytics');
      const rows = new Map((await this.repo.findSources(ids)).map((r) => [r.id, r]));
      for (const id of ids) {
        const r = rows.get(id);
        if (!r || !isDatabaseSourceType(r.type)) throw new AppError('invalid', 'join.federation_source_invalid', { id });
      }
    }
    await this.repo.setSetting(FEDERATION_SETTING, setting as unknown as Record<string, unknown>);
    return { json: JSON.stringify(setting), inputIds: [] };
  }

  /** The federation as joins use it; undefined when it is off (or its Trino source is gone). */
  private async federation(): Promise<Federation | undefined> {
    const setting = await this.storedFederation();
    if (!setting.trinoSourceId) return undefined;
    const ids = [setting.trinoSourceId, ...setting.mappings.map((m) => m.dataSourceId).filter((id) => id !== 'analytics')];
    const rows = new Map((await this.repo.findSources(ids)).map((r) => [r.id, r]));
    const trino = rows.get(setting.trinoSourceId);
    if (!trino) return undefined;
    const stores = new Map<string, { catalog: string; schema: string }>();
    for (const m of setting.mappings) {
      const key = m.dataSourceId === 'analytics' ? 'analytics' : rows.get(m.dataSourceId) ? storeKeyOf(rows.get(m.dataSourceId)!) : undefined;
      if (key && !stores.has(key)) stores.set(key, { catalog: m.catalog, schema: m.schema });
    }
    return { trino, stores };
  }

  private engineOfRow(row: SourceRow): DialectName {
    return engineOf(row.type as 8, this.config.dataSources.analyticsStore);
  }

  /** The first `limit` rows of a stored join (the source page's preview and the export) and, when asked, its row count. */
  async rows(row: SourceRow, limit: number, withCount: boolean): Promise<{ result: DriverResult; total: number }> {
    const stored = row.join_def as JoinTableInput;
    const inputs = await this.inputsOf(stored);
    const j = this.build(this.refresh(stored, inputs, false), inputs, true, crossStore(stored, inputs) ? await this.federation() : undefined);
    const spec = this.connection(j.runOn);
    const opts = { timeoutMs: this.runner.timeoutMs, maxRows: limit };
    const q = joinRowsSql(j.spec, j.engine, limit);
    const c = j.count;
    const [result, total] = await Promise.all([
      this.runner.drivers.use(spec, (d) => d.run(q.sql, q.params, opts)),
      withCount ? this.runner.drivers.use(spec, (d) => d.run(c.sql, c.params, { ...opts, maxRows: 1 })).then((r) => Number(r.rows[0]?.[0] ?? 0), () => 0) : Promise.resolve(0),
    ]);
    return { result, total };
  }

  // ---- resolving ------------------------------------------------------------------------------

  private parse(json: string): JoinTableInput {
    if (typeof json !== 'string' || json.length > MAX_INPUT_JSON) throw new AppError('invalid', 'request.invalid', { detail: 'join: too large' });
    let v: unknown;
    try {
      v = JSON.parse(json || '{}');
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'join: not JSON' });
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new AppError('invalid', 'request.invalid', { detail: 'join: expected an object' });
    const bad = findTextProblem(v);
    if (bad) throw new AppError('invalid', 'text.invalid_characters', { field: bad.path });
    const o = v as Record<string, unknown>;
    const arr = (x: unknown, max: number, name: string): unknown[] => {
      if (x === undefined || x === null) return [];
      if (!Array.isArray(x)) throw new AppError('invalid', 'request.invalid', { detail: `${name}: expected a list` });
      if (x.length > max) throw new AppError('invalid', 'request.invalid', { detail: `${name}: at most ${max}` });
      return x;
    };
    const obj = (x: unknown) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {});
    const nodes = arr(o.nodeDataArray, JOIN_LIMITS.nodes, 'nodeDataArray').map((n) => {
      const node = obj(n);
      return {
        dataSourceId: str(node.dataSourceId, 64),
        showName: str(node.showName, 200),
        location: str(node.location, JOIN_LIMITS.location),
        fields: arr(node.fields, JOIN_LIMITS.fieldsPerNode, 'fields').map((f) => {
          const field = obj(f);
          return { name: str(field.name, 300), title: str(field.title, 200), dataType: 'string' as DataType, check: field.check !== false, description: str(field.description, 1000) };
        }),
      };
    });
    const links = arr(o.links, JOIN_LIMITS.nodes, 'links').map((l) => {
      const link = obj(l);
      return {
        from: str(link.from, 200),
        to: str(link.to, 200),
        joinType: (link.joinType === undefined || link.joinType === '' ? DEFAULT_JOIN_TYPE : String(link.joinType)) as JoinType,
        joinFields: arr(link.joinFields, JOIN_LIMITS.joinFields + 1, 'joinFields').map((p) => ({ fromField: { name: str(obj(obj(p).fromField).name, 300) }, toField: { name: str(obj(obj(p).toField).name, 300) } })),
      };
    });
    const where = obj(o.where);
    const filterItems = arr(where.filterItems, JOIN_LIMITS.filters + 1, 'filterItems').map((i) => {
      const item = obj(i);
      const s = (x: unknown) => (typeof x === 'number' ? String(x) : str(x, 1000));
      return { tb: str(item.tb, 200), field: str(item.field, 300), compare: str(item.compare, 20), compareValue: s(item.compareValue), compareValueLeft: s(item.compareValueLeft), compareValueRight: s(item.compareValueRight) };
    });
    const cache = o.cacheInterval === undefined || o.cacheInterval === null ? undefined : Number(o.cacheInterval);
    return {
      name: str(o.name, 200),
      description: str(o.description, 2000),
      nodeDataArray: nodes,
      links,
      where: { whereType: 'condition', linker: where.linker === undefined ? 'and' : (where.linker as 'and'), filterItems },
      ...(cache === undefined ? {} : { cacheInterval: cache }),
    };
  }

  /** The inputs of a join, every one a database or uploaded source (never another join). */
  private async inputsOf(input: JoinTableInput | null): Promise<Map<string, SourceRow>> {
    const ids = [...new Set((input?.nodeDataArray ?? []).map((n) => n.dataSourceId))];
    for (const id of ids) if (!isUuid(id)) throw notFound();
    const rows = await this.repo.findSources(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id);
      if (!r) throw notFound();
      if (r.type === SOURCE_TYPE.join) throw new AppError('invalid', 'join.nested');
      if (!isDatabaseSourceType(r.type)) throw new AppError('invalid', 'datasource.type_invalid', { type: String(r.type) });
    }
    return byId;
  }

  private async inputRow(id: string): Promise<SourceRow> {
    return (await this.inputsOf({ name: '', nodeDataArray: [{ dataSourceId: id, showName: '', fields: [] }], links: [] })).get(id)!;
  }

  private async joinRow(id: string): Promise<SourceRow> {
    idOrNotFound(id, 'datasource.not_found');
    const row = await this.repo.findSource(id);
    if (!row || row.type !== SOURCE_TYPE.join || !row.join_def) throw notFound();
    return row;
  }

  /** The fields a chart on the input may use (as its Describe lists them). */
  private inputFields(row: SourceRow): { name: string; title: string; originalTitle: string; dataType: DataType }[] {
    const part = this.partOf(row, engineOf(row.type as 8, this.config.dataSources.analyticsStore));
    return part.fields
      .filter((f) => !isUploadSyntheticField(row.reference, f.name) && !part.unsupportedFields.includes(f.name))
      .map((f) => ({ name: f.name, title: f.title, originalTitle: f.title, dataType: f.dataType as DataType }));
  }

  /**
   * Node fields as the inputs have them now: the input's type wins; settings (check, title,
   * description) kept by name. `strict` (a request): a field the input lacks is refused; otherwise
   * (a stored join) it is left out. Input fields the join does not list come unchecked.
   */
  private refresh(input: JoinTableInput, inputs: Map<string, SourceRow>, strict: boolean): JoinTableInput {
    const nodeDataArray = input.nodeDataArray.map((n) => {
      const row = inputs.get(n.dataSourceId)!;
      const known = this.inputFields(row);
      if (strict) for (const f of n.fields) if (!known.some((k) => k.name === f.name)) throw new AppError('invalid', 'join.unknown_field', { field: f.name, table: n.showName });
      const fields: JoinFieldInput[] = known.map((k) => {
        const given = n.fields.find((f) => f.name === k.name);
        return { name: k.name, title: given ? given.title.trim() : k.title, originalTitle: k.originalTitle, dataType: k.dataType, tbName: n.showName.trim(), check: given ? given.check : false, description: given?.description?.trim() ?? '' };
      });
      return { dataSourceId: n.dataSourceId, name: row.name, showName: n.showName.trim(), fields, allCheck: fields.every((f) => f.check), ...(n.location ? { location: n.location } : {}) };
    });
    const links = input.links.map((l) => ({ ...l, from: l.from.trim(), to: l.to.trim(), joinType: l.joinType ?? DEFAULT_JOIN_TYPE }));
    const where = input.where ?? { whereType: 'condition' as const, linker: 'and' as const, filterItems: [] };
    return { ...input, nodeDataArray, links, where: { whereType: 'condition', linker: where.linker, filterItems: where.filterItems.map((i) => ({ ...i, tb: i.tb.trim() })) } };
  }

  /** Checks a join sent by the designer against its inputs and the rules, and builds its SQL spec. */
  private async resolve(input: JoinTableInput, nameOptional: boolean): Promise<ResolvedJoin> {
    if (!nameOptional && !input.name.trim()) throw new AppError('invalid', 'join.name_required');
    if ((input.nodeDataArray ?? []).length === 0) throw new AppError('invalid', 'join.no_nodes');
    const inputs = await this.inputsOf(input);
    const refreshed = this.refresh(input, inputs, true);
    return this.build(refreshed, inputs, nameOptional, crossStore(refreshed, inputs) ? await this.federation() : undefined);
  }

  private build(input: JoinTableInput, inputs: Map<string, SourceRow>, nameOptional = true, federation?: Federation): ResolvedJoin {
    const checked = checkJoinTable(input, nameOptional);
    if (!checked.ok) throw new AppError('invalid', checked.problem.key, checked.problem.params);
    const nodes = input.nodeDataArray;
    const root = inputs.get(nodes[0].dataSourceId)!;
    const store = storeKeyOf(root);
    // inputs of different stores: joined through the federation's Trino when it has every store as a catalog
    const across = crossStore(input, inputs);
    if (across) {
      for (const n of nodes) {
        if (!federation?.stores.has(storeKeyOf(inputs.get(n.dataSourceId)!))) {
          const other = nodes.find((x) => x !== n)!;
          throw new AppError('invalid', 'join.cross_store', n === nodes[0] ? { a: n.showName, b: other.showName } : { a: nodes[0].showName, b: n.showName });
        }
      }
    }
    const engine: DialectName = across ? 'trino' : this.engineOfRow(root);
    const index = new Map(nodes.map((n, i) => [n.showName, i]));
    /** An input's FROM part: its own, or (across stores) its table in the Trino catalog that holds its store. */
    const sourceOf = (row: SourceRow, showName: string): JoinSpec['nodes'][number]['source'] => {
      if (!across) return querySourceFrom(this.partOf(row, engine)) as JoinSpec['nodes'][number]['source'];
      const part = this.partOf(row, this.engineOfRow(row));
      const mapped = federation!.stores.get(storeKeyOf(row))!;
      if (row.reference === UPLOAD_REFERENCE && !row.fields.some((f) => f.expression)) {
        // an upload: its live rows (not deleted) of its table in the analytics store's catalog
        return { kind: 'sql', sql: storeTableSql(row.table_name, row.fields.filter((f) => f.name !== UPLOAD_KEY_COLUMN).map((f) => f.name), mapped.catalog) };
      }
      if (part.sourceKind !== 'table') throw new AppError('invalid', 'join.federation_table_only', { name: showName });
      const schema = part.tableSchema || mapped.schema || (row.type === SOURCE_TYPE.mysql ? (row.connection?.initialDatabase ?? '') : '') || 'public';
      return { kind: 'table', catalog: mapped.catalog, schema, table: part.tableName };
    };
    const spec: JoinSpec = {
      nodes: nodes.map((n) => {
        return {
          source: sourceOf(inputs.get(n.dataSourceId)!, n.showName),
          fields: n.fields.map((f) => ({ name: f.name, dataType: f.dataType })),
        };
      }),
      links: checked.order.map((l) => ({
        from: index.get(l.from)!,
        to: index.get(l.to)!,
        joinType: l.joinType ?? DEFAULT_JOIN_TYPE,
        on: l.joinFields.map((p) => ({ from: p.fromField.name, to: p.toField.name })),
      })),
      columns: nodes.flatMap((n, i) => n.fields.filter((f) => f.check).map((f) => ({ node: i, field: f.name, name: f.title.trim() }))),
      where: {
        linker: input.where?.linker ?? 'and',
        items: (input.where?.filterItems ?? []).map((item) => {
          const node = index.get(item.tb)!;
          const field = nodes[node].fields.find((f) => f.name === item.field)!;
          const compare = item.compare || defaultJoinCompare(field.dataType);
          return { node, condition: { field: { name: field.name, dataType: field.dataType }, compare: compare as 'between', compareValue: item.compareValue, compareValueLeft: item.compareValueLeft, compareValueRight: item.compareValueRight } };
        }),
      },
    };
    // the writer's own checks (filter values and operators per type, join types of the engine) before anything runs or is stored
    let count: ResolvedJoin['count'];
    try {
      count = joinCountSql(spec, engine);
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      // (not the parameter name `engine`: that one is an engine's own text, logged and never shown)
      if (e.code === 'join_type_unsupported') throw new AppError('invalid', 'join.full_unsupported', { database: !across && root.type === SOURCE_TYPE.mysql ? 'MySQL / MariaDB' : engine });
      if (e.code === 'invalid_option' && e.params.name === 'join.with') throw new AppError('invalid', 'join.with_unsupported', { name: nodes[Number(e.params.value)]?.showName ?? '' });
      throw new AppError('invalid', `chart.${e.code}`, { ...e.params });
    }
    const outputFields = nodes.flatMap((n) => n.fields.filter((f) => f.check).map((f) => ({ name: f.title.trim(), title: f.title.trim(), dataType: f.dataType, description: f.description ?? '' })));
    return { input, inputs, spec, engine, root, runOn: across ? federation!.trino : root, store: across ? 'federation' : store, outputFields, count };
  }

  private connection(root: SourceRow): ConnectionSpec {
    return storedSpec(root, this.secrets, this.config.dataSources.analyticsStore);
  }

  private answer(row: SourceRow, input: JoinTableInput, inputs: Map<string, SourceRow>) {
    const nodeDataArray = input.nodeDataArray.map((n) => ({ ...n, name: inputs.get(n.dataSourceId)?.name ?? n.name ?? '' }));
    const byShow = new Map(nodeDataArray.map((n) => [n.showName, n]));
    const links = input.links.map((l) => ({
      ...l,
      fromTable: byShow.get(l.from)?.name ?? '',
      toTable: byShow.get(l.to)?.name ?? '',
      dataSourceId: byShow.get(l.to)?.dataSourceId ?? '',
      table: byShow.get(l.to)?.name ?? '',
      joinFields: l.joinFields.map((p) => ({
        fromField: { name: p.fromField.name, dataType: byShow.get(l.from)?.fields.find((f) => f.name === p.fromField.name)?.dataType ?? 'string' },
        toField: { name: p.toField.name, dataType: byShow.get(l.to)?.fields.find((f) => f.name === p.toField.name)?.dataType ?? 'string' },
      })),
    }));
    const root = inputs.get(input.nodeDataArray[0]?.dataSourceId ?? '');
    return {
      joinTableId: row.id,
      dataSourceId: row.id,
      projectId: row.project_id,
      name: row.name,
      description: row.description,
      cacheInterval: row.cache_interval ?? 0,
      nodeDataArray,
      links,
      relations: links.map((l) => ({ from: l.from, to: l.to, joinType: l.joinType })),
      where: input.where ?? { whereType: 'condition', linker: 'and', filterItems: [] },
      outputFields: row.fields.map((f) => {
        const src = nodeDataArray.flatMap((n) => n.fields).find((x) => x.check && x.title.trim() === f.name);
        return { name: f.name, title: f.title, dataType: f.dataType, description: src?.description ?? '' };
      }),
      store: root ? (root.type === SOURCE_TYPE.analytics ? 'analytics' : connectionString(root.type as 8, root.connection)) : '',
      updateTime: iso(row.updated_at),
    };
  }
}

/** Whether a join's inputs are of more than one store (it then runs through the federation's Trino); missing inputs are checked elsewhere. */
function crossStore(input: JoinTableInput, inputs: Map<string, SourceRow>): boolean {
  const stores = new Set(input.nodeDataArray.map((n) => inputs.get(n.dataSourceId)).filter((r) => r !== undefined).map(storeKeyOf));
  return stores.size > 1;
}
