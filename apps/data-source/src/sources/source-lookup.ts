import { Injectable } from '@nestjs/common';
import { isErpSourceType } from '@bi/chart-model';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { SOURCE_KIND_REGISTRY, SOURCE_TYPE } from '@bi/rules';
import { idOrNotFound, isUuid } from '@bi/service-kit';
import { DataSourceRepository, iso, type SourceRow } from '../data-source.repository.js';
import { connectionString, connectionView, sourceType } from '../source-connection.js';

/** The caller as the metadata stores it: a user id only when it is one. */
export const actorOf = (a: dataSourceV1.Actor | undefined) => ({ userId: isUuid(a?.userId) ? a!.userId : null, userName: a?.userName ?? '', isAdmin: a?.isAdmin ?? false });

/** A stored source as the API answers it. */
export function toDataSource(row: SourceRow): dataSourceV1.DataSource {
  // ERP reports and indicator imports keep their own code; their connection string is their reference
  const erp = isErpSourceType(row.type) || row.type === SOURCE_KIND_REGISTRY.indicator.code || row.type === SOURCE_KIND_REGISTRY.indicatorYifei.code;
  const type = row.type === SOURCE_TYPE.join || erp ? row.type : sourceType(row.type);
  return {
    dataSourceId: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    name: row.name,
    description: row.description,
    type,
    isReadOnly: row.is_read_only,
    connection: connectionView(row.connection, !!row.password_enc),
    // an ERP report's connection string (e10report://ip:port/account/program/project/date) is kept in its reference, an indicator import's (indicator://…) too
    connectionString: type === SOURCE_TYPE.join ? 'jointable://' : erp ? row.reference : connectionString(sourceType(type), row.connection),
    content: row.content,
    tableName: row.table_name,
    tableSchema: row.table_schema,
    reference: row.reference,
    cacheInterval: row.cache_interval ?? 0,
    dataType: row.data_type,
    fields: row.fields,
    dataVersion: row.data_version,
    createdBy: row.created_by_name,
    createdById: row.created_by ?? '',
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

/** A folder or a source by id, or 'not found' (ids are checked before the store is asked). */
@Injectable()
export class SourceLookup {
  constructor(private readonly repo: DataSourceRepository) {}

  async project(projectId: string): Promise<dataSourceV1.Project> {
    idOrNotFound(projectId, 'project.not_found');
    const p = await this.repo.findProject(projectId);
    if (!p) throw new AppError('not_found', 'project.not_found');
    return p;
  }

  async source(id: string): Promise<SourceRow> {
    idOrNotFound(id, 'datasource.not_found');
    const row = await this.repo.findSource(id);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    return row;
  }

  /** The titles and types of a source's fields by name (previews and exports head their columns with them). */
  static titles(row: SourceRow): Map<string, { title: string; dataType: string }> {
    return new Map(row.fields.map((f) => [f.name, { title: f.title, dataType: f.dataType }]));
  }
}
