import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { CALCULATED_NAME_MAX, SOURCE_TYPE, aggregatorAllowed, charLength, checkAlias, findTextProblem } from '@bi/rules';
import type { ReadSql } from '@bi/query';
import { SourceRunner } from '../source-runner.js';
import { SourceLookup, actorOf, toDataSource } from './source-lookup.js';
import { SourceSpecs } from './source-specs.js';
import { SourceWriter } from './source-writer.js';
import { SourceRevisions, type SourceRestore } from './source-revisions.js';

function checkedField(f: dataSourceV1.Field): dataSourceV1.Field {
  const title = (f.title ?? '').trim();
  const alias = checkAlias(title);
  if (alias) throw new AppError('invalid', alias === 'line_break' ? 'field.alias_line_break' : 'field.alias_length');
  const aggregator = f.aggregator ?? '';
  if (!aggregatorAllowed(aggregator, f.dataType)) throw new AppError('invalid', 'field.aggregator_invalid', { aggregator, name: f.name });
  return { name: f.name, title, dataType: f.dataType, expression: f.expression ?? '', aggregator };
}

/** A source's fields (spec 02 §6): titles and aggregators of its columns, calculated fields checked by its database. */
@Injectable()
export class FieldsService {
  constructor(
    private readonly lookup: SourceLookup,
    private readonly specs: SourceSpecs,
    private readonly runner: SourceRunner,
    private readonly writer: SourceWriter,
    private readonly revisions: SourceRevisions,
  ) {}

  async updateFields(req: dataSourceV1.UpdateFieldsRequest, restore?: SourceRestore): Promise<dataSourceV1.DataSource> {
    const actor = actorOf(req.actor);
    const row = await this.lookup.source(req.dataSourceId);
    if (row.type === SOURCE_TYPE.join) throw new AppError('invalid', 'join.use_designer');
    const stored = row.fields;
    const storedBase = stored.filter((f) => !f.expression);
    const sentBase = req.fields.filter((f) => !(f.expression ?? '').trim());
    const sentCalc = req.fields.filter((f) => (f.expression ?? '').trim());
    // names, titles and expressions are stored and rendered into SQL: storable text only (the check of @bi/rules)
    const bad = findTextProblem(req.fields.map((f) => ({ name: f.name, title: f.title, expression: f.expression, aggregator: f.aggregator })));
    if (bad) throw new AppError('invalid', 'text.invalid_characters', { field: `fields.${bad.path}` });

    // Database fields: the same names and types; title and aggregator may change.
    if (sentBase.length !== storedBase.length) {
      const missing = storedBase.find((b) => !sentBase.some((s) => s.name === b.name)) ?? sentBase.find((s) => !storedBase.some((b) => b.name === s.name));
      throw new AppError('invalid', 'field.base_changed', { name: missing?.name ?? '' });
    }
    const fields: dataSourceV1.Field[] = [];
    const names = new Set<string>();
    for (const b of storedBase) {
      const s = sentBase.find((x) => x.name === b.name);
      if (!s || (s.dataType && s.dataType !== b.dataType)) throw new AppError('invalid', 'field.base_changed', { name: b.name });
      fields.push(checkedField({ ...b, title: s.title, aggregator: s.aggregator ?? '' }));
      names.add(b.name.toLowerCase());
    }

    const spec = this.specs.specOf(row);
    let checked: ReadSql | undefined;
    for (const c of sentCalc) {
      const name = (c.name ?? '').trim();
      if (!name || charLength(name) > CALCULATED_NAME_MAX) throw new AppError('invalid', 'field.name_invalid', { max: CALCULATED_NAME_MAX });
      if (names.has(name.toLowerCase())) throw new AppError('conflict', 'field.name_used', { name });
      names.add(name.toLowerCase());
      const expression = c.expression.trim();
      const old = stored.find((f) => f.expression && f.name === name && f.expression === expression);
      let dataType = old?.dataType;
      if (!dataType) {
        checked ??= this.runner.check(spec, row.content);
        dataType = await this.specs.checkCalculated(spec, checked, fields, { ...c, name, expression });
      }
      fields.push(checkedField({ name, title: c.title, dataType, expression, aggregator: c.aggregator ?? '' }));
    }

    if (JSON.stringify(fields) === JSON.stringify(stored)) return toDataSource(row);
    await this.writer.update(
      {
        id: row.id,
        changes: { fields, bumpVersion: true },
        history: [{ key: 'history.fields_changed' }],
        event: 'schema',
        // its history (issue 33), in the same transaction
        also: (tx) => this.revisions.record(tx, 'fields', row.id, req.actor?.userId ?? '', row.name, stored, fields, restore),
      },
      actor.userName,
    );
    return toDataSource(await this.lookup.source(row.id));
  }
}
