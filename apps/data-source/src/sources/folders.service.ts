import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { isReserved } from '@bi/rules';
import { idOrNotFound, validName } from '@bi/service-kit';
import { DataSourceRepository, type HistoryItem } from '../data-source.repository.js';
import { SourceLookup, actorOf } from './source-lookup.js';
import { SourceWriter } from './source-writer.js';

/** Folders (projects) of the sidebar: list, create, rename, sort, delete when empty, move sources between them (spec 02 §1). */
@Injectable()
export class FoldersService {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly lookup: SourceLookup,
    private readonly writer: SourceWriter,
  ) {}

  listProjects() {
    return this.repo.listProjects();
  }

  async getProject(projectId: string): Promise<dataSourceV1.Project> {
    const p = await this.lookup.project(projectId);
    return { ...p, dataSources: await this.repo.projectSources(projectId) };
  }

  async createProject(name: string, actor: dataSourceV1.Actor | undefined): Promise<dataSourceV1.Project> {
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    if (await this.repo.projectNameTaken(n)) throw new AppError('conflict', 'name.used');
    const id = randomUUID();
    const order = await this.repo.insertProject(id, n, actorOf(actor).userId).catch((e) => {
      // Two creates racing past the check meet the unique index.
      if (String(e).includes('projects_name')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { projectId: id, name: n, order, dataSources: [] };
  }

  async renameProject(projectId: string, name: string): Promise<dataSourceV1.Project> {
    const project = await this.lookup.project(projectId);
    if (isReserved(project.name)) throw new AppError('invalid', 'name.reserved');
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    if (await this.repo.projectNameTaken(n, projectId)) throw new AppError('conflict', 'name.used');
    await this.repo.renameProject(projectId, n).catch((e) => {
      if (String(e).includes('projects_name')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { ...project, name: n };
  }

  /** A folder's new place in the sidebar (POST /api/data_source/sort/{id}?order=, like the dashboard's sort). */
  async sortProject(projectId: string, order: number): Promise<dataSourceV1.SortProjectReply> {
    if (!Number.isFinite(order) || Math.abs(order) > 1e12) throw new AppError('invalid', 'order.invalid');
    idOrNotFound(projectId, 'project.not_found');
    if (!(await this.repo.setProjectOrder(projectId, order))) throw new AppError('not_found', 'project.not_found');
    return { id: projectId, kind: 'project', order };
  }

  /** Refused while the folder holds sources: they feed charts, and a folder delete must not break them silently. */
  async deleteProject(projectId: string): Promise<dataSourceV1.DeleteProjectReply> {
    const project = await this.lookup.project(projectId);
    if (isReserved(project.name)) throw new AppError('invalid', 'name.reserved');
    const left = await this.repo.deleteProjectIfEmpty(projectId);
    if (left > 0) throw new AppError('conflict', 'project.not_empty', { count: left });
    return { projectId };
  }

  async moveSources(req: dataSourceV1.MoveSourcesRequest): Promise<dataSourceV1.MoveSourcesReply> {
    const from = await this.lookup.project(req.fromProjectId);
    if (!req.toProjectId) throw new AppError('invalid', 'project.required');
    const to = await this.lookup.project(req.toProjectId);
    const inFolder = await this.repo.projectSources(from.projectId);
    const ids = req.dataSourceIds.length ? [...new Set(req.dataSourceIds)] : inFolder.map((s) => s.dataSourceId);
    for (const id of ids) if (!inFolder.some((s) => s.dataSourceId === id)) throw new AppError('not_found', 'datasource.not_found');
    if (from.projectId === to.projectId || ids.length === 0) return { projectId: to.projectId, moved: [] };
    const history: HistoryItem[] = [{ key: 'history.moved', params: { from: from.name, to: to.name } }];
    await this.writer.update(
      ids.map((id) => ({ id, changes: { projectId: to.projectId, bumpVersion: false }, history })),
      actorOf(req.actor).userName,
    );
    return { projectId: to.projectId, moved: ids };
  }
}
