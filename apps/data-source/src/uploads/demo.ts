import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import { CONFIG, LOGGER, serviceClient } from '@bi/service-kit';
import { DataSourceRepository } from '../data-source.repository.js';
import { UploadService } from './upload.service.js';

export const DEMO_FOLDER = '演示 Demo';
export const DEMO_SOURCE = '销售示例 Sales Demo';
export const DEMO_FILE = 'demo-sales.csv';
export const DEMO_ROWS = 120_000;
const DEMO_SETTING = 'demo';
const DEMO_SHARED_SETTING = 'demo-shared';
/** The seeded roles the demo source is shared with, so every seeded user sees the demo dashboard (docs/api/sharing.md). */
export const DEMO_SHARED_ROLES = ['analyst', 'viewer'];

/** The demo dataset's columns: header and type. */
export const DEMO_COLUMNS: { name: string; type: 'string' | 'number' | 'date' }[] = [
  { name: '订单日期', type: 'date' },
  { name: '地区', type: 'string' },
  { name: '城市', type: 'string' },
  { name: '类别', type: 'string' },
  { name: '产品', type: 'string' },
  { name: '渠道', type: 'string' },
  { name: '数量', type: 'number' },
  { name: '单价', type: 'number' },
  { name: '金额', type: 'number' },
  { name: '利润', type: 'number' },
];

const REGIONS: [string, string[], number][] = [
  ['华东 East', ['上海 Shanghai', '杭州 Hangzhou', '南京 Nanjing'], 1.3],
  ['华北 North', ['北京 Beijing', '天津 Tianjin'], 1.1],
  ['华南 South', ['广州 Guangzhou', '深圳 Shenzhen'], 1.2],
  ['西南 Southwest', ['成都 Chengdu', '重庆 Chongqing'], 0.9],
  ['东北 Northeast', ['沈阳 Shenyang', '哈尔滨 Harbin'], 0.7],
  ['西北 Northwest', ['西安 Xi\'an', '兰州 Lanzhou'], 0.6],
  // drawn by the demo's Taiwan map (tw_map)
  ['台湾 Taiwan', ['台北 Taipei', '台中 Taichung', '高雄 Kaohsiung'], 0.5],
];
const CATEGORIES: [string, [string, number][]][] = [
  ['办公用品 Office Supplies', [['笔记本 Notebook', 12], ['签字笔 Pen', 3.5], ['文件夹 Folder', 8], ['打印纸 Paper', 25]]],
  ['家具 Furniture', [['办公椅 Office Chair', 680], ['书桌 Desk', 1200], ['书架 Bookcase', 560], ['台灯 Lamp', 150]]],
  ['电子产品 Technology', [['笔记本电脑 Laptop', 5600], ['显示器 Monitor', 1300], ['耳机 Headphones', 399], ['手机 Phone', 3200]]],
];
const CHANNELS = ['线上 Online', '门店 Store', '经销商 Distributor'];

/** A small seeded generator (mulberry32), so the demo data is the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes the demo sales CSV (UTF-8, comma): order dates over the three years 2023–2025 with a
 * seasonal curve and growth, seven regions with their cities, three categories with products,
 * channels, quantities, unit prices, amounts and profits; labels in Chinese and English.
 */
export async function generateDemoCsv(path: string, rows = DEMO_ROWS, seed = 20230101): Promise<void> {
  const rnd = random(seed);
  const out = createWriteStream(path);
  const start = Date.UTC(2023, 0, 1);
  const days = 3 * 365 + 1;
  let buf = DEMO_COLUMNS.map((c) => c.name).join(',') + '\n';
  for (let i = 0; i < rows; i++) {
    // more orders later in the period and in the last quarter of each year
    const day = Math.min(days - 1, Math.floor(Math.sqrt(rnd()) * days));
    const date = new Date(start + day * 86_400_000);
    const month = date.getUTCMonth();
    const [region, cities, weight] = REGIONS[Math.floor(rnd() * REGIONS.length)];
    const city = cities[Math.floor(rnd() * cities.length)];
    const [category, products] = CATEGORIES[Math.floor(rnd() * CATEGORIES.length)];
    const [product, basePrice] = products[Math.floor(rnd() * products.length)];
    const channel = CHANNELS[Math.floor(rnd() * CHANNELS.length)];
    const quantity = 1 + Math.floor(rnd() * rnd() * 40 * weight * (month >= 9 ? 1.4 : 1));
    const price = Math.round(basePrice * (0.9 + rnd() * 0.2) * 100) / 100;
    const discount = rnd() < 0.3 ? Math.round(rnd() * 20) / 100 : 0;
    const amount = Math.round(quantity * price * (1 - discount) * 100) / 100;
    const profit = Math.round(amount * (0.05 + rnd() * 0.3 - discount) * 100) / 100;
    buf += `${date.toISOString().slice(0, 10)},${region},${city},${category},${product},${channel},${quantity},${price},${amount},${profit}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
}

/**
 * The demo folder with a sales dataset, loaded once on the first start (BI_DEMO, default on) in
 * the background through the upload path (a CSV written into the data dir, then imported), so a
 * newcomer has data to chart. A claim in data_source.settings makes it run once; a failed load
 * drops the claim and is tried again on the next start.
 */
@Injectable()
export class DemoData implements OnModuleDestroy {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly uploads: UploadService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  loadInBackground(): void {
    this.running = this.loadOnce().then(
      () => this.shareOnce().then(
        () => undefined,
        (e) => this.logger.warn('demo source not shared', { error: e }),
      ),
      (e) => this.logger.warn('demo data not loaded', { error: e }),
    );
  }

  /** Shares the loaded demo source with the seeded roles, once (also on installations that loaded it before sharing existed). */
  async shareOnce(): Promise<boolean> {
    const demo = await this.repo.setting(DEMO_SETTING);
    const dataSourceId = demo?.state === 'done' && typeof demo.dataSourceId === 'string' ? demo.dataSourceId : '';
    if (!dataSourceId || !(await this.repo.claimSetting(DEMO_SHARED_SETTING, 10 * 60_000))) return false;
    const identity = serviceClient(this.config, 'identity');
    try {
      await identity.call(identity.service.changeGrants({ targets: [`datasource:${dataSourceId}`], roleIds: DEMO_SHARED_ROLES, userIds: [], mode: 'add', actor: { userId: '', userName: 'system' } }));
    } catch (e) {
      // roles removed by an administrator: nothing to share with, not tried again; identity unreachable: tried on the next start
      if (e instanceof AppError && e.kind === 'invalid') this.logger.warn('demo source not shared', { error: e });
      else {
        await this.repo.deleteSetting(DEMO_SHARED_SETTING).catch(() => undefined);
        throw e;
      }
    } finally {
      identity.close();
    }
    await this.repo.setSetting(DEMO_SHARED_SETTING, { state: 'done', dataSourceId });
    this.logger.info('demo source shared', { dataSourceId, roles: DEMO_SHARED_ROLES });
    return true;
  }

  /** Answers the new source's id, or null when the demo was loaded before. */
  async loadOnce(): Promise<string | null> {
    if (!(await this.repo.claimSetting(DEMO_SETTING, 10 * 60_000))) {
      this.logger.debug('demo data already loaded');
      return null;
    }
    const started = Date.now();
    try {
      let project = await this.repo.findProjectByName(DEMO_FOLDER);
      if (!project) {
        const projectId = randomUUID();
        await this.repo.insertProject(projectId, DEMO_FOLDER, null);
        project = { projectId, name: DEMO_FOLDER, order: 0, dataSources: [] };
      }
      const meta = await this.uploads.store.create(DEMO_FILE, '', 'system', (path) => generateDemoCsv(path));
      const generatedMs = Date.now() - started;
      const { dataSourceId, rowCount } = await this.uploads.runImport(
        {
          uploadId: meta.uploadId,
          sheet: '',
          action: 'create',
          projectId: project.projectId,
          tableName: DEMO_SOURCE,
          dataSourceId: '',
          columns: DEMO_COLUMNS.map((c) => ({ name: c.name, type: c.type, targetName: c.name })),
          actor: { userId: '', userName: 'system', isAdmin: true },
        },
        this.abort.signal,
      );
      await this.repo.setSetting(DEMO_SETTING, { state: 'done', dataSourceId, rows: rowCount });
      this.logger.info('demo data loaded', { folder: DEMO_FOLDER, dataSourceId, rows: rowCount, generatedMs, totalMs: Date.now() - started });
      return dataSourceId;
    } catch (e) {
      await this.repo.deleteSetting(DEMO_SETTING).catch(() => undefined);
      throw e;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.abort.abort();
    await this.running;
  }
}
