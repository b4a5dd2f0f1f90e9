/**
 * @bi/i18n — the server's user messages in zh-CN, zh-TW and en.
 *
 * Where a new message goes: into the file of ./messages/ that owns its key's prefix (the text before the
 * first dot), as `'prefix.name': { 'zh-CN': …, 'zh-TW': …, en: … }` — a language left out fails `tsc`:
 *   common.ts      name.* project.* request.* service.* operation.* text.* data.*
 *   identity.ts    login.* auth.* admin.* password.* user.*
 *   sharing.ts     share.* row_rules.*
 *   datasource.ts  datasource.* cache.* table.* field.* secret.* export.* history.* (a data source's change history)
 *   connection.ts  connection.* query.*
 *   sql.ts         sql.*
 *   upload.ts      excel.*
 *   sync.ts        sync.* (synced copies: a sync job's outcome, refresh now)
 *   join.ts        join.*
 *   relation.ts    relation.*
 *   chart.ts       chart.*
 *   dashboard.ts   dashboard.* tab.* layout.* order.* linkage.* globalFilter.*
 *   template.ts    template.*
 *   warn.ts        warn.* outbound.*
 *   e10account.ts  e10account.* (ERP accounts)
 *   apisource.ts   apisource.*
 *   e10.ts         e10.* (ERP report sources and their providers)
 *   indicator.ts   indicator.* (indicator imports, types 1 and 5)
 *   subscription.ts subscription.* (report subscriptions)
 *   render.ts      render.* (pictures and files drawn on the server: @bi/render)
 *   robot.ts       robot.* (chat robots and sharing a chart to chat)
 *   apikey.ts      apikey.* (API keys)
 *   embed.ts       embed.* (embedding tokens and embed pages)
 *   publiclink.ts  publiclink.* (public links)
 *   live.ts        live.* (live dashboards: the page's stream)
 *   revision.ts    revision.* trash.* (issue 33: revisions, history, trash)
 * A new prefix joins the file of its feature (or a new file, listed in messages/index.ts and here); one
 * prefix never spans two files (messages.spec.ts checks). The key then belongs to MessageKey, which
 * AppError and translate() take, so a misspelled key fails `tsc`. A key built from parts is a template
 * literal over a literal union (`chart.aggregator.${Aggregator}`), checked the same way; a key that
 * arrives as text (gRPC, stored) goes through toMessageKey().
 */
export * from './catalogue.js';
