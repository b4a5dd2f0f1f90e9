import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { resolveLanguage } from '@bi/i18n';
import type { SqlDatabase } from '@bi/persistence';
import type { warningV1 } from '@bi/proto';
import { CONFIG, DATABASE, idOrNotFound } from '@bi/service-kit';
import { deliveryStatuses, summarizeStatus, type DeliveryStatus } from '@bi/delivery';
import { isMailChannel } from './channels.js';
import { formatLocal } from './evaluate.js';
import { WARNING_SCHEMA } from './migrations.js';

export const MESSAGES_PAGE_MAX = 100;

/**
 * A message's mail (or webhook) status: off when the alert did not choose the channel; else the
 * summary of the firing's deliveries on it (pending while any is pending, sent when any was sent,
 * else failed / not_allowed); pending when there is none to send (as such a message always read).
 */
export function channelStatus(chosen: boolean, deliveries: readonly { channel: string; status: DeliveryStatus }[] | undefined, mail: boolean): string {
  if (!chosen) return 'off';
  return summarizeStatus((deliveries ?? []).filter((d) => isMailChannel(d.channel) === mail).map((d) => d.status)) ?? 'pending';
}

interface MessageRow {
  id: string;
  texts: Record<string, string>;
  is_read: boolean;
  created_at: Date | string;
  dashboard_id: string;
  chart_id: string;
  tab: string;
  warn_name: string;
  is_send_mail: boolean;
  is_send_wechat: boolean;
  firing_key: string;
}

/** A user's warning messages (the bell, the view-all page): own messages only, newest first. */
@Injectable()
export class MessagesService {
  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async list(req: warningV1.ListMessagesRequest): Promise<warningV1.ListMessagesReply> {
    if (!req.userId) throw new AppError('invalid', 'request.invalid', { detail: 'userId' });
    const language = resolveLanguage(req.language);
    const page = Math.max(1, req.page || 1);
    const pageSize = Math.min(Math.max(1, req.pageSize || 20), MESSAGES_PAGE_MAX);
    const [rows, counts] = await Promise.all([
      this.db.query<MessageRow>(
        `SELECT id, texts, is_read, created_at, dashboard_id, chart_id, tab, warn_name, is_send_mail, is_send_wechat, firing_key
         FROM warning.messages WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)
         ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
        [req.userId, req.unreadOnly, pageSize, (page - 1) * pageSize],
      ),
      this.db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT is_read)::int AS unread FROM warning.messages WHERE user_id = $1`,
        [req.userId],
      ),
    ]);
    const c = counts.rows[0] ?? { total: 0, unread: 0 };
    // each channel's status from the firing's delivery rows (@bi/delivery), as channelStatus reads them
    const deliveries = await deliveryStatuses(this.db, WARNING_SCHEMA, 'firing', rows.rows.map((r) => r.firing_key));
    return {
      messages: rows.rows.map((r) => ({
        warnMessageId: r.id,
        message: r.texts[language] ?? r.texts.en ?? '',
        isRead: r.is_read,
        createDate: formatLocal(new Date(r.created_at), this.config.timeZone),
        dashboardId: r.dashboard_id,
        isSendMail: r.is_send_mail,
        isSendWechat: r.is_send_wechat,
        chartId: r.chart_id,
        tab: r.tab,
        warnName: r.warn_name,
        mailStatus: channelStatus(r.is_send_mail, deliveries.get(r.firing_key), true),
        webhookStatus: channelStatus(r.is_send_wechat, deliveries.get(r.firing_key), false),
      })),
      total: req.unreadOnly ? c.unread : c.total,
      unread: c.unread,
      page,
      pageSize,
    };
  }

  async setAllRead(userId: string): Promise<warningV1.SetAllReadReply> {
    if (!userId) throw new AppError('invalid', 'request.invalid', { detail: 'userId' });
    const r = await this.db.query('UPDATE warning.messages SET is_read = true WHERE user_id = $1 AND NOT is_read', [userId]);
    return { updated: r.rowCount ?? 0 };
  }

  async read(userId: string, id: string): Promise<warningV1.ReadMessageReply> {
    idOrNotFound(id, 'warn.message_not_found');
    const r = await this.db.query<{ tab: string; dashboard_id: string }>(
      'UPDATE warning.messages SET is_read = true WHERE id = $1 AND user_id = $2 RETURNING tab, dashboard_id',
      [id, userId],
    );
    const row = r.rows[0];
    if (!row) throw new AppError('not_found', 'warn.message_not_found');
    return { tab: row.tab, dashboardId: row.dashboard_id };
  }
}
